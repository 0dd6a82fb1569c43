import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MAX_ITEMS_PAGE,
  matchesCountedPastPage,
  STOCK_STATUSES,
  StockSql,
  stockStatus,
  type ItemSort,
  type ItemView,
  type ListItemsQuery,
  type LocationQuantity,
  type LotQuantity,
  type StockStatus,
  InventoryMessages as M,
} from '@inventory/contracts';
import {
  containsPattern,
  FAR_FROM_THE_START,
  fromTheEnd,
  jsonRows,
  normalizeShortCode,
  readCursor,
  shortCodeOf,
  writeCursor,
  type SqlStatement,
} from '@inventory/platform';
import { isoTime, SORT_TIME, sortTimeSql, sqlOf, UUID } from '../../database/sql.js';
import type { ItemState } from '../domain/item.js';
import { nearestExpiry } from '../domain/lots.js';
import { totalOf } from '../domain/stock.js';
import { expiryFilterSql } from '../../expiry/expiring-lots.js';
import { referenceNames, type ReferenceNames } from './reference-names.js';

interface ItemViewRow {
  id: string;
  workspace_id: string;
  created_by: string;
  name: string;
  sku: string | null;
  description: string | null;
  unit_price: string;
  reorder_level: number;
  category_id: string | null;
  location_id: string | null;
  image_url: string | null;
  barcodes: string[];
  stock: LocationQuantity[];
  lots: LotQuantity[];
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

const VIEW_COLUMNS = `id, workspace_id, created_by, name, sku, description, unit_price::text AS unit_price, reorder_level, category_id, location_id,
  image_url, barcodes, stock, lots, is_active, version, created_at, updated_at`;

/** One of the user's items, archived ones included (callers decide whether those count). */
export async function findItem(em: EntityManager, workspaceId: string, itemId: string): Promise<ItemState | null> {
  const [row] = await sqlOf(em)<ItemViewRow>(`SELECT ${VIEW_COLUMNS} FROM item_views WHERE id = ? AND workspace_id = ?`, [
    itemId,
    workspaceId,
  ]);
  return row ? stateOf(row) : null;
}

function stateOf(row: ItemViewRow): ItemState {
  return {
    status: row.is_active ? 'active' : 'archived',
    itemId: row.id,
    workspaceId: row.workspace_id,
    createdBy: row.created_by,
    details: {
      name: row.name,
      sku: row.sku,
      description: row.description,
      unitPrice: row.unit_price,
      categoryId: row.category_id,
      locationId: row.location_id,
      imageUrl: row.image_url,
      barcodes: row.barcodes,
    },
    reorderLevel: row.reorder_level,
    stock: row.stock,
    lots: row.lots,
    movements: {},
    version: row.version,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/**
 * Refreshes the planner's statistics of item_views. A bulk write (an import) can grow a workspace
 * faster than autovacuum refreshes them (a minute apart at best); until it does, statements prepared
 * with the old ones may find an item by its workspace's index rather than its id, and slow down with
 * every row written: the import bench saw alerts take 23 ms each, then more (docs/import-export.md).
 */
export async function refreshItemViewStatistics(em: EntityManager): Promise<void> {
  await sqlOf(em)('ANALYZE item_views');
}

/**
 * What the list reads of an item's references, [id, category_id, location_id, stock, lots] as JSON
 * text, made from the row's columns: for a row written before the writes stored it (refs_json,
 * Inventory0022), as it is read. Making it for every row read took PostgreSQL a quarter of the page's
 * time (docs/architecture.md, "A request").
 */
const LIST_REFERENCES_OF_COLUMNS = `'[' || to_json(id)::text || ',' || coalesce(to_json(category_id)::text, 'null') || ',' ||
    coalesce(to_json(location_id)::text, 'null') || ',' || stock::text || ',' || lots::text || ']'`;

/** item_views' columns as the list's writes fill them, with their types. */
const WRITTEN_COLUMNS = {
  id: 'uuid',
  workspace_id: 'text',
  created_by: 'text',
  name: 'text',
  sku: 'text',
  description: 'text',
  unit_price: 'numeric',
  current_stock: 'int',
  reorder_level: 'int',
  category_id: 'text',
  location_id: 'text',
  image_url: 'text',
  code: 'text',
  barcodes: 'text[]',
  stock: 'jsonb',
  is_active: 'boolean',
  version: 'int',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  record_json: 'text',
  refs_json: 'text',
  lots: 'jsonb',
  nearest_expiry: 'date',
} as const;

type WrittenColumn = keyof typeof WRITTEN_COLUMNS;
const WRITTEN = Object.keys(WRITTEN_COLUMNS) as WrittenColumn[];
/** The columns a movement or an edit may change; the rest are the item's for good. */
const REWRITTEN = WRITTEN.filter((column) => !['id', 'workspace_id', 'created_by', 'code', 'created_at'].includes(column));

/**
 * An item's row of the list at its state. It carries the item's view text (record_json) and the
 * references a page reads (refs_json), so that a page joins stored text: making them as a page is
 * read took the service, and PostgreSQL, most of its time (docs/architecture.md, "A request").
 */
function itemViewRowOf(state: ItemState): Record<WrittenColumn, unknown> {
  const { details: d } = state;
  return {
    id: state.itemId,
    workspace_id: state.workspaceId,
    created_by: state.createdBy,
    name: d.name,
    sku: d.sku,
    description: d.description,
    unit_price: d.unitPrice,
    current_stock: totalOf(state.stock),
    reorder_level: state.reorderLevel,
    category_id: d.categoryId,
    location_id: d.locationId,
    image_url: d.imageUrl,
    code: shortCodeOf(state.itemId),
    barcodes: d.barcodes,
    stock: state.stock,
    is_active: state.status === 'active',
    version: state.version,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
    record_json: JSON.stringify(itemRecordOf(state)),
    refs_json: referencesJsonOf(state),
    lots: state.lots,
    nearest_expiry: nearestExpiry(state.lots),
  };
}

const UPSERT = `INSERT INTO item_views (${WRITTEN.join(', ')})
  SELECT ${WRITTEN.join(', ')} FROM ${jsonRows(WRITTEN.map((column) => `${column} ${WRITTEN_COLUMNS[column]}`).join(', '), 'jsonb')} ORDER BY ordinality
  ON CONFLICT (id) DO UPDATE SET ${REWRITTEN.map((column) => `${column} = excluded.${column}`).join(', ')}`;

/**
 * refs_json: its entries' keys in one order, whichever way the state was made (a snapshot's entries,
 * read from jsonb, have theirs in jsonb's order), so that the same state is always the same text.
 */
const referencesJsonOf = ({ itemId, details, stock, lots }: ItemState) =>
  JSON.stringify([
    itemId,
    details.categoryId,
    details.locationId,
    stock.map(({ locationId, quantity }) => ({ locationId, quantity })),
    lots.map(({ locationId, quantity, lot, expiresOn }) => ({ locationId, quantity, lot, expiresOn })),
  ]);

/** The statement that writes the items' rows of the list at their new states; it runs with the append that led there. */
export const itemViewUpsert = (states: readonly ItemState[]): SqlStatement => ({
  sql: UPSERT,
  params: [JSON.stringify(states.map(itemViewRowOf))],
});

/**
 * The items' rows of the list as COPY writes them (copyRows): a rebuild's, which writes each item
 * once into an empty copy of the table (docs/reports.md, "Rebuilds").
 */
export function itemViewCopy(states: readonly ItemState[]): { table: string; columns: readonly string[]; rows: unknown[][] } {
  return {
    table: 'item_views',
    columns: WRITTEN,
    rows: states.map((state) => {
      const row = itemViewRowOf(state);
      return WRITTEN.map((column) => (WRITTEN_COLUMNS[column] === 'jsonb' ? JSON.stringify(row[column]) : row[column]));
    }),
  };
}

/** What the names in an item's view are looked up by. */
export interface References {
  categoryId: string | null;
  locationId: string | null;
  stock: LocationQuantity[];
  /** Its lots, when the view shows them (their places are among its stock's). */
  lots?: LotQuantity[];
}

const referencesOf = (state: ItemState): References => ({
  categoryId: state.details.categoryId,
  locationId: state.details.locationId,
  stock: state.stock,
  lots: state.lots,
});

/** The ids of the categories and places the items' views name. */
export const referencesOfItems = (items: readonly (ItemState | References)[]) => {
  const refs = items.map((item) => ('itemId' in item ? referencesOf(item) : item));
  return {
    categoryIds: refs.map((ref) => ref.categoryId),
    locationIds: refs.flatMap((ref) => [ref.locationId, ...ref.stock.map((entry) => entry.locationId)]),
  };
};

/** The parts of an item's view that carry the names of its category and places, read from the replicas. */
type NamedParts = Pick<ItemView, 'category' | 'location' | 'stockByLocation' | 'lots'>;

/** The rest of the view: a function of the item's state alone, stored with its row as record_json. */
type ItemRecord = Omit<ItemView, keyof NamedParts>;

function itemRecordOf(state: ItemState): ItemRecord {
  const { details: d } = state;
  const currentStock = totalOf(state.stock);
  const expiry = nearestExpiry(state.lots);
  return {
    ...(expiry === null ? {} : { nearestExpiry: expiry }),
    id: state.itemId,
    userId: state.createdBy,
    name: d.name,
    sku: d.sku,
    code: shortCodeOf(state.itemId),
    barcodes: d.barcodes,
    description: d.description,
    unitPrice: d.unitPrice,
    currentStock,
    reorderLevel: state.reorderLevel,
    status: stockStatus(currentStock, state.reorderLevel),
    categoryId: d.categoryId,
    locationId: d.locationId,
    imageUrl: d.imageUrl,
    isActive: state.status === 'active',
    version: state.version,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}

export function namedPartsOf({ categoryId, locationId, stock, lots = [] }: References, names: ReferenceNames): NamedParts {
  const named = (id: string | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
  return {
    category: named(categoryId, names.category(categoryId)),
    location: named(locationId, names.location(locationId)),
    stockByLocation: stock.map(({ locationId: id, quantity }) => ({ locationId: id, quantity, locationName: names.location(id) })),
    // Left out for items without lots: their answers stay as the spec shows them.
    ...(lots.length === 0 ? {} : { lots: namedLotsOf(lots, names) }),
  };
}

const namedLotsOf = (lots: LotQuantity[], names: ReferenceNames) =>
  lots.map((entry) => ({ ...entry, locationName: names.location(entry.locationId) }));

/** The view of an item from its state: a single item and the answer to a write alike. */
export function itemViewOf(state: ItemState, names: ReferenceNames): ItemView {
  return { ...itemRecordOf(state), ...namedPartsOf(referencesOf(state), names) };
}

/**
 * itemViewOf as JSON text, from its stored record's text: the named parts go in before the closing
 * brace. They are written here as text, the same as JSON.stringify(namedPartsOf(…)) writes them
 * (item-views.spec.ts): a list page writes them for every item, and building the objects to
 * stringify them took three times as long (docs/architecture.md, "A request").
 */
export function itemJsonOf(recordJson: string, { categoryId, locationId, stock, lots = [] }: References, names: ReferenceNames): string {
  const named = (id: string | null, name: string | null) =>
    id !== null && name !== null ? `{"id":${jsonText(id)},"name":${jsonText(name)}}` : 'null';
  let json = `${recordJson.slice(0, -1)},"category":${named(categoryId, names.category(categoryId))},"location":${named(locationId, names.location(locationId))},"stockByLocation":[`;
  stock.forEach(({ locationId: id, quantity }, index) => {
    json += `${index === 0 ? '' : ','}{"locationId":${jsonText(id)},"quantity":${quantity},"locationName":${jsonText(names.location(id))}}`;
  });
  json += ']';
  if (lots.length > 0) json += `,"lots":${JSON.stringify(namedLotsOf(lots, names))}`;
  return `${json}}`;
}

const jsonText = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * Active items "at a place": the place is their home, or they hold stock there (the list's
 * locationId filter, labels and counts by place), read from item_places (Inventory0019). `alias`
 * names item_views in a query that joins it.
 */
export const atPlace = (workspaceId: string, locationId: string, alias?: string): SqlStatement => ({
  sql: `${alias ? `${alias}.id` : 'id'} IN (SELECT item_id FROM item_places WHERE workspace_id = ? AND location_id = ?)`,
  params: [workspaceId, locationId],
});

/**
 * The page sizes the web app opens with: the cards' 24 and the table's 100 (InventoryPage). PostgreSQL
 * plans a prepared statement anew at each run for as long as the plan it would keep looks costlier
 * than those made for the values, and a LIMIT or OFFSET bound as a parameter makes the kept plan
 * count on a tenth of the rows: the list's page was planned at every run, 0.39 ms of the database's
 * time against 0.23 ms to run it (docs/architecture.md, "A request"). Written into the text, the
 * bounds let it keep one plan. Each size is one more statement to prepare per list shape (runSql
 * names at most 200), hence these two only.
 */
const KEPT_PLAN_PAGE_SIZES: ReadonlySet<number> = new Set([24, 100]);

const STATUS_FILTERS = Object.fromEntries(STOCK_STATUSES.map((status) => [status, StockSql.status(status)])) as Record<StockStatus, string>;

interface ListRow {
  id: string;
  record_json: string | null;
  category_id: string | null;
  location_id: string | null;
  stock: LocationQuantity[];
  lots: LotQuantity[];
}

/** A page read as one row (pageRowsSql). */
interface PageRow {
  total: number | null;
  /** The rows' record_json in the list's order, RECORD_SEPARATOR between them ('' for none yet). */
  records: string | null;
  /** The rows' references (refs_json) in the same order, as a JSON array. */
  refs: string | null;
  /** The last row's sort key, for the cursor of a full page (LIST_SORTS' text). */
  last_key: string | null;
}

/**
 * Separates the records in PageRow.records (chr(30) in SQL): JSON text holds no raw control
 * character (inside a string each is escaped), so it cannot appear in a record.
 */
const RECORD_SEPARATOR = '\x1e';

/**
 * A page's rows, put together by PostgreSQL as one row of text: `inner` selects the rows (total, id,
 * record_json, refs_json, category_id, location_id, stock, lots, sort_value) in the order they are wanted, and
 * this joins them in that order. The driver then parses one row instead of a hundred: for a page of
 * 100, node-postgres took more CPU for its hundred rows' fields than the joining costs PostgreSQL
 * (docs/architecture.md, "A request").
 *
 * The aggregates take the rows as the sorted subquery gives them, which PostgreSQL keeps when the
 * level that aggregates does nothing else ("Aggregate Expressions" in its manual): an ORDER BY in
 * each aggregate would sort the page's wide rows three times more, for most of the time saved.
 * `fromTheEnd`: `inner` reads the page in the opposite order, so its first row ends the page.
 */
function pageRowsSql(inner: string, query: ListItemsQuery, fromTheEnd: boolean): string {
  // A search's LEFT JOIN LATERAL yields one row without an item when nothing is on its page.
  const rows = 'FILTER (WHERE id IS NOT NULL)';
  const ref = `coalesce(refs_json, ${LIST_REFERENCES_OF_COLUMNS})`;
  const lastKey = LIST_SORTS[query.sort ?? 'createdAt'].text(`(array_agg(sort_value) ${rows})[${fromTheEnd ? '1' : 'count(id)'}]`);
  return `SELECT max(total) AS total, string_agg(coalesce(record_json, ''), chr(30)) ${rows} AS records,
      '[' || string_agg(${ref}, ',') ${rows} || ']' AS refs, ${lastKey} AS last_key
    FROM (${inner}) page`;
}

function listRowsOf(page: PageRow): ListRow[] {
  if (page.records === null || page.refs === null) return [];
  const records = page.records.split(RECORD_SEPARATOR);
  const refs = JSON.parse(page.refs) as [string, string | null, string | null, LocationQuantity[], LotQuantity[]][];
  return refs.map(([id, categoryId, locationId, stock, lots], index) => ({
    id,
    record_json: records[index] === '' ? null : records[index],
    category_id: categoryId,
    location_id: locationId,
    stock,
    lots,
  }));
}

/**
 * The user's active items, newest first, filtered and paged by one indexed query that also counts
 * every match; the page's items as JSON text, put together from the rows' stored records.
 */
export async function listItemsJson(
  em: EntityManager,
  workspaceId: string,
  query: ListItemsQuery,
): Promise<{ itemsJson: string; total: number; totalCapped: boolean; next: string | null }> {
  const mine = ['workspace_id = ?', 'is_active'];
  const where = [...mine];
  const params: unknown[] = [workspaceId];
  if (query.search) {
    // A scanner types whole codes: barcodes and short codes match exactly, by their indexes.
    where.push(
      '(name ILIKE ? OR sku ILIKE ? OR code = ? OR id = ANY(ARRAY(SELECT item_id FROM item_barcodes WHERE workspace_id = ? AND barcode = ?)))',
    );
    params.push(
      containsPattern(query.search),
      containsPattern(query.search),
      normalizeShortCode(query.search),
      workspaceId,
      query.search.trim(),
    );
  }
  if (query.status) where.push(STATUS_FILTERS[query.status]);
  if (query.categoryId) {
    where.push('category_id = ?');
    params.push(query.categoryId);
  }
  if (query.locationId) {
    const place = atPlace(workspaceId, query.locationId);
    where.push(place.sql);
    params.push(...place.params);
  }
  if (query.expiry) {
    const expiry = expiryFilterSql(query.expiry, workspaceId);
    where.push(expiry.sql);
    params.push(...expiry.params);
  }
  const filter = where.join(' AND ');
  const limit = Math.min(query.limit ?? MAX_ITEMS_PAGE, MAX_ITEMS_PAGE);
  const offset = query.offset ?? 0;
  const sort = LIST_SORTS[query.sort ?? 'createdAt'];
  // After a cursor the page seeks past its keys; `offset` then only says where the page stands.
  const seek = query.after === undefined ? null : seekPast(query, query.after);
  const passes = seek ? 0 : offset;
  // Unfiltered, the count is the workspace's kept count (Inventory0007), exact at any size. A
  // filter's matches are counted from an index, by place alone the place's entries (Inventory0019),
  // by status or category an index-only scan (Inventory0017); a search's are visited one by one.
  // Either count stops past the page (matchesCountedPastPage: a search's sooner). Each is an uncorrelated subquery
  // PostgreSQL runs once.
  const filters = where.length - mine.length;
  const placeAlone = filters === 1 && query.locationId !== undefined;
  // The stock order, and newest first by a status alone, walk their indexes in item_levels
  // (Inventory0023: none of item_views' indexes reads the stock, so a movement rewrites its row in
  // place) and read the page's rows by id. Mixed with other filters, their conditions are tests on
  // the rows the other filter's index finds.
  const walksLevels =
    filters === (query.status ? 1 : 0) &&
    (query.sort === 'currentStock' || (query.status !== undefined && (query.sort ?? 'createdAt') === 'createdAt'));
  const walked = walksLevels ? 'item_levels' : 'item_views';
  const countCap = filters === 0 ? undefined : offset + limit + matchesCountedPastPage(query);
  // Unfiltered, or newest first by status, category or place alone, the page is one index's walk
  // whatever the values, so one plan PostgreSQL keeps serves every workspace. Their first pages of
  // the app's sizes, and the unfiltered pages after a cursor (no bound then depends on the offset),
  // carry their bounds in the text, so that it keeps that plan (KEPT_PLAN_PAGE_SIZES); every other
  // page is planned for its values.
  const boundsInText =
    KEPT_PLAN_PAGE_SIZES.has(limit) &&
    !query.search &&
    (filters === 0
      ? offset === 0 || seek !== null
      : offset === 0 && filters === 1 && query.sort === undefined && query.expiry === undefined);
  const limitOf = (rows: number): [string, unknown[]] => (boundsInText ? [`LIMIT ${rows}`, []] : ['LIMIT ?', [rows]]);
  const pageBounds = (rows: number, skipped: number): [string, unknown[]] =>
    boundsInText && skipped === 0 ? limitOf(rows) : ['LIMIT ? OFFSET ?', [rows, skipped]];
  const [countLimit, countLimitParams] = limitOf((countCap ?? 0) + 1);
  const [count, countParams]: [string, unknown[]] =
    countCap === undefined
      ? ['SELECT coalesce((SELECT active FROM item_counts WHERE workspace_id = ?), 0)', [workspaceId]]
      : placeAlone
        ? [
            `SELECT count(*)::int FROM (SELECT FROM item_places WHERE workspace_id = ? AND location_id = ? ${countLimit}) matches`,
            [workspaceId, query.locationId, ...countLimitParams],
          ]
        : [`SELECT count(*)::int FROM (SELECT FROM ${walked} WHERE ${filter} ${countLimit}) matches`, [...params, ...countLimitParams]];
  // By place alone, newest first, the page is the place's own index entries at that offset
  // (item_places_list), not the workspace's newest items tried one by one for the place.
  const [placeBounds, placeBoundsParams] = pageBounds(limit, passes);
  const [pageFilter, pageParams, pageOffset]: [string, unknown[], number] =
    placeAlone && query.sort === undefined
      ? [
          `${mine.join(' AND ')} AND id IN (SELECT item_id FROM item_places WHERE workspace_id = ? AND location_id = ?
             ${seek ? `AND (created_at, item_id) < (?::timestamptz, ?)` : ''} ORDER BY created_at DESC, item_id DESC ${placeBounds})`,
          [workspaceId, workspaceId, query.locationId, ...(seek?.params ?? []), ...placeBoundsParams],
          0,
        ]
      : seek
        ? [`${filter} AND ${seek.sql}`, [...params, ...seek.params], 0]
        : [filter, params, offset];
  const sql = sqlOf(em);
  const readPage = async (inner: string, innerParams: unknown[], fromTheEnd = false) => {
    const [read] = await sql<PageRow>(pageRowsSql(inner, query, fromTheEnd), innerParams);
    const rows = listRowsOf(read);
    return { total: read.total, rows: fromTheEnd ? rows.reverse() : rows, lastKey: read.last_key };
  };
  const columns = `id, record_json, refs_json, category_id, location_id, stock, lots, ${sort.column} AS sort_value`;
  // Past the first rows, the walk to the page takes the ids alone, from the order's index without
  // visiting each row (Inventory0021), and then reads the page's rows: a visit to every row passed
  // cost more than the walk (docs/reports.md, "At scale"). A walk of item_levels always does.
  const pageIn = (order: string, passed: number, bounds = 'LIMIT ? OFFSET ?') =>
    passed === 0 && !walksLevels
      ? `FROM item_views WHERE ${pageFilter} ORDER BY ${order} ${bounds}`
      : `FROM item_views WHERE id IN (SELECT id FROM ${walked} WHERE ${pageFilter} ORDER BY ${order} ${bounds}) ORDER BY ${order}`;
  const [bounds, boundsParams] = pageBounds(limit, pageOffset);
  const pageSql = pageIn(listOrder(query), pageOffset, bounds);
  const pageAlone = `SELECT NULL::int AS total, ${columns} ${pageSql}`;
  let page: Awaited<ReturnType<typeof readPage>>;
  let counted: number;
  if (countCap === undefined && !seek && offset >= FAR_FROM_THE_START) {
    // Unfiltered, the total is known before the page (the kept count): a page of the back half is
    // read in the opposite order from the end and turned round, as a report's is.
    counted = (await sql<{ total: number }>(`SELECT (${count}) AS total`, countParams))[0].total;
    const reversed = fromTheEnd(offset, limit, counted);
    page = reversed
      ? await readPage(
          `SELECT NULL::int AS total, ${columns} ${pageIn(listOrder(query, true), reversed.offset)}`,
          [...pageParams, reversed.limit, reversed.offset],
          true,
        )
      : await readPage(pageAlone, [...pageParams, ...boundsParams]);
  } else if (query.search && countCap !== undefined) {
    // A search finds its matches once: when they are no more than the cap, the page is sorted from
    // them; counting and paging them apart searched the trigram indexes twice (a rare SKU's search
    // at 1,000,000 items: twice 11 ms). When more match, the page is the usual walk.
    const found = await readPage(
      `WITH matches AS MATERIALIZED (SELECT id FROM item_views WHERE ${filter} LIMIT ?)
       SELECT counted.total, page.* FROM (SELECT count(*)::int AS total FROM matches) counted
         LEFT JOIN LATERAL (SELECT ${columns} FROM item_views
           WHERE counted.total <= ? AND id IN (SELECT id FROM matches) ${seek ? `AND ${seek.sql}` : ''}
           ORDER BY ${listOrder(query)} LIMIT ? OFFSET ?) page ON true
       ORDER BY ${listOrder(query, false, 'page.sort_value')}`,
      [...params, countCap + 1, countCap, ...(seek?.params ?? []), limit, passes],
    );
    counted = found.total ?? 0;
    page = counted > countCap ? await readPage(pageAlone, [...pageParams, ...boundsParams]) : found;
  } else {
    page = await readPage(`SELECT (${count}) AS total, ${columns} ${pageSql}`, [...countParams, ...pageParams, ...boundsParams]);
    // Past the last page no row carries the total.
    counted = page.total ?? (offset ? (await sql<{ total: number }>(`SELECT (${count}) AS total`, countParams))[0].total : 0);
  }
  const { rows } = page;
  const totalCapped = countCap !== undefined && counted > countCap;
  const total = totalCapped ? countCap : counted;
  const items = await withRecords(em, workspaceId, rows);
  const refs = items.map((item) => item.refs);
  const { categoryIds, locationIds } = referencesOfItems(refs);
  const names = await referenceNames(em, workspaceId, categoryIds, locationIds);
  const last = rows.at(-1);
  return {
    itemsJson: `[${items.map((item) => itemJsonOf(item.recordJson, item.refs, names)).join(',')}]`,
    total,
    totalCapped,
    // A full page may have more after it (by number without a filter, the total says whether).
    next:
      last && rows.length === limit && (seek || countCap !== undefined || offset + limit < total)
        ? writeCursor([orderTag(query), page.lastKey, last.id])
        : null,
  };
}

/**
 * Each sort's column, as the index that answers it has it (Inventory0016, Inventory0021); the text
 * of its value as a cursor holds it, the type to read that back as, and what that text looks like.
 */
const LIST_SORTS: Record<ItemSort, { column: string; text: (value: string) => string; cast: string; pattern: RegExp; nullable?: boolean }> =
  {
    name: { column: 'lower(name)', text: (value) => value, cast: 'text', pattern: /^/ },
    sku: { column: 'lower(sku)', text: (value) => value, cast: 'text', pattern: /^/, nullable: true },
    currentStock: { column: 'current_stock', text: (value) => `${value}::text`, cast: 'int', pattern: /^\d{1,10}$/ },
    unitPrice: { column: 'unit_price', text: (value) => `${value}::text`, cast: 'numeric', pattern: /^\d{1,10}(\.\d{1,2})?$/ },
    createdAt: { column: 'created_at', text: sortTimeSql, cast: 'timestamptz', pattern: SORT_TIME },
  };

const isDescending = ({ sort, order }: Pick<ListItemsQuery, 'sort' | 'order'>) => sort === undefined || order === 'desc';

/** Which order a cursor was written in: one of another order is refused, not followed. */
const orderTag = (query: Pick<ListItemsQuery, 'sort' | 'order'>) => `${query.sort ?? 'newest'}:${isDescending(query) ? 'desc' : 'asc'}`;

/**
 * The rows after a cursor's (sort key, id) in the list's order, one index range: a row comparison.
 * A missing SKU sorts last ascending and first descending (PostgreSQL's NULL), and takes its place
 * by id among the others without one.
 */
function seekPast(query: ListItemsQuery, cursor: string): { sql: string; params: unknown[] } {
  const sort = LIST_SORTS[query.sort ?? 'createdAt'];
  const [, key, id] = readCursor(
    cursor,
    [{ pattern: new RegExp(`^${orderTag(query)}$`) }, { pattern: sort.pattern, nullable: sort.nullable }, { pattern: UUID }],
    M.cursorInvalid,
  );
  const descending = isDescending(query);
  const past = descending ? '<' : '>';
  if (key === null) {
    const nulls = `${sort.column} IS NULL AND id ${past} ?`;
    return { sql: descending ? `((${nulls}) OR ${sort.column} IS NOT NULL)` : `(${nulls})`, params: [id] };
  }
  const row = `(${sort.column}, id) ${past} (?::${sort.cast}, ?)`;
  return { sql: sort.nullable && !descending ? `(${row} OR ${sort.column} IS NULL)` : row, params: [key, id] };
}

/**
 * Newest first unless sorted; ties by id in the same direction, so that paging neither skips nor
 * repeats. `reversed`, the same rows last to first: PostgreSQL puts NULLs (a missing SKU) last
 * ascending and first descending, so turning each direction round reverses the whole order.
 * `column` names the sort's value where a query has selected it under another name.
 */
function listOrder(
  query: Pick<ListItemsQuery, 'sort' | 'order'>,
  reversed = false,
  column = LIST_SORTS[query.sort ?? 'createdAt'].column,
): string {
  const direction = isDescending(query) !== reversed ? 'DESC' : 'ASC';
  return `${column} ${direction}, id ${direction}`;
}

/**
 * The rows' records and references. A row written before record_json existed gets its record from
 * its state now, stored for next time unless the item changed meanwhile.
 */
async function withRecords(em: EntityManager, workspaceId: string, rows: ListRow[]): Promise<{ recordJson: string; refs: References }[]> {
  const missing = rows.filter((row) => row.record_json === null).map((row) => row.id);
  const filled = new Map<string, ItemState>();
  if (missing.length > 0) {
    const states = (
      await sqlOf(em)<ItemViewRow>(`SELECT ${VIEW_COLUMNS} FROM item_views WHERE workspace_id = ? AND id = ANY(?)`, [workspaceId, missing])
    ).map(stateOf);
    for (const state of states) filled.set(state.itemId, state);
    await sqlOf(em)(
      `UPDATE item_views v SET record_json = r.json FROM unnest(?::uuid[], ?::int[], ?::text[]) AS r(id, version, json)
       WHERE v.id = r.id AND v.version = r.version AND v.record_json IS NULL`,
      [
        states.map((state) => state.itemId),
        states.map((state) => state.version),
        states.map((state) => JSON.stringify(itemRecordOf(state))),
      ],
    );
  }
  return rows.flatMap((row) => {
    if (row.record_json !== null)
      return [
        {
          recordJson: row.record_json,
          refs: { categoryId: row.category_id, locationId: row.location_id, stock: row.stock, lots: row.lots },
        },
      ];
    const state = filled.get(row.id);
    return state ? [{ recordJson: JSON.stringify(itemRecordOf(state)), refs: referencesOf(state) }] : [];
  });
}
