import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_ITEMS_PAGE, type ItemPage, type ItemView, type ListItemsQuery, type LocationQuantity, type StockStatus } from '@inventory/contracts';
import { containsPattern, type SqlStatement } from '@inventory/platform';
import { isoTime, sqlOf } from '../../database/sql.js';
import { initialState, type ItemState } from '../domain/item.js';
import { totalOf } from '../domain/stock.js';
import type { ReferenceNames } from './reference-names.js';

interface SnapshotRow {
  id: string;
  user_id: string;
  name: string;
  sku: string | null;
  description: string | null;
  unit_price: string;
  reorder_level: number;
  category_id: string | null;
  location_id: string | null;
  image_url: string | null;
  stock: LocationQuantity[];
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

interface ViewRow extends SnapshotRow {
  current_stock: number;
  category_name: string | null;
  location_name: string | null;
  stock_by_location: ItemView['stockByLocation'];
  total?: number;
}

const SNAPSHOT_COLUMNS = `id, user_id, name, sku, description, unit_price::text AS unit_price, reorder_level, category_id, location_id,
  image_url, stock, is_active, version, created_at, updated_at`;

/**
 * The state the next command starts from: the item's row, locked until the transaction ends so
 * that writers of one item queue up instead of racing (the expected-version append stays the
 * guard). Another user's item reads as absent, exactly like a missing one.
 */
export async function loadSnapshot(em: EntityManager, userId: string, itemId: string): Promise<ItemState> {
  const [row] = await sqlOf(em)<SnapshotRow>(`SELECT ${SNAPSHOT_COLUMNS} FROM item_views WHERE id = ? AND user_id = ? FOR UPDATE`, [itemId, userId]);
  if (!row) return initialState(itemId);
  return {
    status: row.is_active ? 'active' : 'archived',
    itemId: row.id,
    userId: row.user_id,
    details: {
      name: row.name,
      sku: row.sku,
      description: row.description,
      unitPrice: row.unit_price,
      categoryId: row.category_id,
      locationId: row.location_id,
      imageUrl: row.image_url,
    },
    reorderLevel: row.reorder_level,
    stock: row.stock,
    movements: {},
    version: row.version,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/** The statement that writes folded states over their rows; it runs with the append that produced them. */
export function snapshotUpsert(states: readonly ItemState[]): SqlStatement {
  const params: unknown[] = [];
  const rows = states.map((state) => {
    const { details: d } = state;
    params.push(state.itemId, state.userId, d.name, d.sku, d.description, d.unitPrice, totalOf(state.stock), state.reorderLevel);
    params.push(d.categoryId, d.locationId, d.imageUrl, JSON.stringify(state.stock), state.status === 'active', state.version, state.createdAt, state.updatedAt);
    return '(?, ?, ?, ?, ?, ?::numeric, ?::int, ?::int, ?, ?, ?, ?::jsonb, ?::boolean, ?::int, ?::timestamptz, ?::timestamptz)';
  });
  return {
    sql: `INSERT INTO item_views (id, user_id, name, sku, description, unit_price, current_stock, reorder_level, category_id, location_id,
            image_url, stock, is_active, version, created_at, updated_at)
          VALUES ${rows.join(', ')}
          ON CONFLICT (id) DO UPDATE SET name = excluded.name, sku = excluded.sku, description = excluded.description,
            unit_price = excluded.unit_price, current_stock = excluded.current_stock, reorder_level = excluded.reorder_level,
            category_id = excluded.category_id, location_id = excluded.location_id, image_url = excluded.image_url, stock = excluded.stock,
            is_active = excluded.is_active, version = excluded.version, updated_at = excluded.updated_at`,
    params,
  };
}

/** The ids of the categories and places an item's view names. */
export const referencesOfItem = (state: ItemState) => ({
  categoryIds: [state.details.categoryId],
  locationIds: [state.details.locationId, ...state.stock.map((entry) => entry.locationId)],
});

/** The view of an item from its state, exactly as the list shows it (no read-back needed). */
export function itemViewOf(state: ItemState, names: ReferenceNames): ItemView {
  const { details: d } = state;
  const currentStock = totalOf(state.stock);
  const named = (id: string | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
  return {
    id: state.itemId,
    userId: state.userId,
    name: d.name,
    sku: d.sku,
    description: d.description,
    unitPrice: d.unitPrice,
    currentStock,
    reorderLevel: state.reorderLevel,
    status: stockStatus(currentStock, state.reorderLevel),
    categoryId: d.categoryId,
    category: named(d.categoryId, names.category(d.categoryId)),
    locationId: d.locationId,
    location: named(d.locationId, names.location(d.locationId)),
    stockByLocation: state.stock.map(({ locationId, quantity }) => ({ locationId, quantity, locationName: names.location(locationId) })),
    imageUrl: d.imageUrl,
    isActive: state.status === 'active',
    version: state.version,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}

/** Item rows of `source` with the names of their category and places (null while a replica lacks them). */
const viewSelect = (source: string, extraColumns = '') => `
  SELECT ${extraColumns} v.id, v.user_id, v.name, v.sku, v.description, v.unit_price::text AS unit_price, v.current_stock,
    v.reorder_level, v.category_id, c.name AS category_name, v.location_id, l.name AS location_name, v.image_url, v.is_active,
    v.version, v.created_at, v.updated_at,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('locationId', s.e->'locationId', 'quantity', s.e->'quantity', 'locationName', r.name)
                               ORDER BY s.ord), '[]'::jsonb)
       FROM jsonb_array_elements(v.stock) WITH ORDINALITY AS s(e, ord)
       LEFT JOIN location_replicas r ON r.id = s.e->>'locationId' AND r.user_id = v.user_id AND NOT r.deleted) AS stock_by_location
  FROM ${source} v
  LEFT JOIN category_replicas c ON c.id = v.category_id AND c.user_id = v.user_id AND NOT c.deleted
  LEFT JOIN location_replicas l ON l.id = v.location_id AND l.user_id = v.user_id AND NOT l.deleted`;

/** One of the user's items, archived ones included (callers decide whether those count). */
export async function findItemView(em: EntityManager, userId: string, itemId: string): Promise<ItemView | null> {
  const [row] = await sqlOf(em)<ViewRow>(`${viewSelect('item_views')} WHERE v.id = ? AND v.user_id = ?`, [itemId, userId]);
  return row ? toItemView(row) : null;
}

const STATUS_FILTERS: Record<StockStatus, string> = {
  'out-of-stock': 'v.current_stock = 0',
  'low-stock': 'v.current_stock > 0 AND v.current_stock <= v.reorder_level',
  'in-stock': 'v.current_stock > v.reorder_level',
};

/** The user's active items, newest first, filtered and paged in one indexed query. */
export async function listItemViews(em: EntityManager, userId: string, query: ListItemsQuery): Promise<ItemPage> {
  const where = ['v.user_id = ?', 'v.is_active'];
  const params: unknown[] = [userId];
  if (query.search) {
    where.push('(v.name ILIKE ? OR v.sku ILIKE ?)');
    params.push(containsPattern(query.search), containsPattern(query.search));
  }
  if (query.status) where.push(STATUS_FILTERS[query.status]);
  if (query.categoryId) {
    where.push('v.category_id = ?');
    params.push(query.categoryId);
  }
  if (query.locationId) {
    where.push('(v.location_id = ? OR v.stock @> ?::jsonb)');
    params.push(query.locationId, JSON.stringify([{ locationId: query.locationId }]));
  }
  const limit = Math.min(query.limit ?? MAX_ITEMS_PAGE, MAX_ITEMS_PAGE);
  const offset = query.offset ?? 0;
  const filter = where.join(' AND ');
  const sql = sqlOf(em);
  // Page first (the index serves filter and order), then look up names for that page only.
  const page = `(SELECT v.*, count(*) OVER ()::int AS total FROM item_views v WHERE ${filter}
                  ORDER BY v.created_at DESC, v.id DESC LIMIT ? OFFSET ?)`;
  const rows = await sql<ViewRow>(`${viewSelect(page, 'v.total,')} ORDER BY v.created_at DESC, v.id DESC`, [...params, limit, offset]);
  // Past the last page there is no row to carry the total.
  const total =
    rows[0]?.total ?? (offset === 0 ? 0 : (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM item_views v WHERE ${filter}`, params))[0].n);
  return { items: rows.map(toItemView), total };
}

export function stockStatus(currentStock: number, reorderLevel: number): StockStatus {
  if (currentStock === 0) return 'out-of-stock';
  return currentStock <= reorderLevel ? 'low-stock' : 'in-stock';
}

function toItemView(row: ViewRow): ItemView {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    sku: row.sku,
    description: row.description,
    unitPrice: row.unit_price,
    currentStock: row.current_stock,
    reorderLevel: row.reorder_level,
    status: stockStatus(row.current_stock, row.reorder_level),
    categoryId: row.category_id,
    category: row.category_id && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    locationId: row.location_id,
    location: row.location_id && row.location_name !== null ? { id: row.location_id, name: row.location_name } : null,
    stockByLocation: row.stock_by_location,
    imageUrl: row.image_url,
    isActive: row.is_active,
    version: row.version,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
