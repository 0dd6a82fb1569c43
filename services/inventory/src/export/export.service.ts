import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  barcodesCell,
  ReportMessages,
  reportInstant,
  type Actor,
  type ExportItemRow,
  type ExportItemsPage,
  type ExportItemsPageRequest,
  type ExportMovementRow,
  type ExportMovementsPage,
  type ExportMovementsPageRequest,
  type ExportPlace,
  type LocationQuantity,
} from '@inventory/contracts';
import { invalid } from '@inventory/platform';
import { sortTimeSql, sqlOf, UUID } from '../database/sql.js';
import { toEvent, type EventRow } from '../event-store/event-store.js';
import { referencesOfItems } from '../items/read-models/item-views.js';
import { movementEntryOf } from '../items/read-models/movement-timeline.js';
import { referenceNames } from '../items/read-models/reference-names.js';
import { keyOf, pageOf, type PageKey } from './export-pages.js';

const POSITION = /^\d{1,18}$/;

/** Before every row: the first page of a keyset walk. */
const FIRST_ITEM: PageKey = { time: '-infinity', tiebreak: '00000000-0000-0000-0000-000000000000' };
const FIRST_EVENT: PageKey = { time: '-infinity', tiebreak: '0' };

interface ItemRow {
  sort_time: string;
  id: string;
  name: string;
  sku: string | null;
  description: string | null;
  category_id: string | null;
  location_id: string | null;
  current_stock: number;
  unit_price: string;
  reorder_level: number;
  barcodes: string[];
  stock: LocationQuantity[];
}

// Oldest first, along the list's index (item_views_list, read backwards).
const ITEMS_PAGE = `SELECT ${sortTimeSql('created_at')} AS sort_time, id, name, sku, description, category_id, location_id, current_stock,
    unit_price::text AS unit_price, reorder_level, barcodes, stock
  FROM item_views WHERE workspace_id = ? AND is_active AND (created_at, id) > (?::timestamptz, ?::uuid)
  ORDER BY created_at, id LIMIT ?`;

// The workspace expression is the one Inventory0010 indexes, written the same way so the index serves it.
const MOVEMENTS_PAGE = `SELECT ${sortTimeSql('recorded_at')} AS sort_time, position::text AS position,
    event_id, stream_id, version, type, data, metadata, recorded_at
  FROM events
  WHERE coalesce(metadata->>'workspaceId', metadata->>'userId') = ? AND data->>'movementId' IS NOT NULL
    AND (recorded_at, position) > (?::timestamptz, ?::bigint) AND recorded_at <= ?::timestamptz
  ORDER BY recorded_at, position LIMIT ?`;

/**
 * Pages of the full export (docs/import-export.md): keyset pages in a fixed order, so a page costs
 * the same however far into the workspace it is, and the gateway never holds more than one.
 */
@Injectable()
export class ExportService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async itemsPage(actor: Actor, { after, limit }: ExportItemsPageRequest): Promise<ExportItemsPage> {
    const em = this.orm.em.fork();
    const start = after === undefined ? FIRST_ITEM : keyOf(after, UUID);
    const found = await sqlOf(em)<ItemRow>(ITEMS_PAGE, [actor.workspaceId, start.time, start.tiebreak, limit]);
    const { categoryIds, locationIds } = referencesOfItems(found.map(referencesOfRow));
    const names = await referenceNames(em, actor.workspaceId, categoryIds, locationIds);
    const exported = found.map((row): ExportItemRow => ({
      name: row.name,
      sku: row.sku,
      description: row.description,
      category: names.category(row.category_id),
      location: names.location(row.location_id),
      quantity: row.current_stock,
      unitPrice: row.unit_price,
      reorderLevel: row.reorder_level,
      barcodes: barcodesCell(row.barcodes),
      stock: row.stock,
    }));
    const page = pageOf(found, exported, limit, (row) => ({ time: row.sort_time, tiebreak: row.id }));
    return after === undefined ? { ...page, stockColumns: await stockColumns(em, actor.workspaceId) } : page;
  }

  async movementsPage(actor: Actor, query: ExportMovementsPageRequest): Promise<ExportMovementsPage> {
    const em = this.orm.em.fork();
    const from = query.from === undefined ? null : (reportInstant(query.from, 'start') ?? dateInvalid('from'));
    const to = query.to === undefined ? null : (reportInstant(query.to, 'end') ?? dateInvalid('to'));
    if (from && to && from > to) throw invalid(ReportMessages.fromAfterTo);
    // The first page starts just before `from`: every position is above 0.
    const start =
      query.after !== undefined ? keyOf(query.after, POSITION) : from ? { time: from.toISOString(), tiebreak: '0' } : FIRST_EVENT;
    const found = await sqlOf(em)<EventRow & { sort_time: string; position: string }>(MOVEMENTS_PAGE, [
      actor.workspaceId,
      start.time,
      start.tiebreak,
      to?.toISOString() ?? 'infinity',
      query.limit,
    ]);
    const entries = found.map((row) => movementEntryOf(toEvent(row)));
    const items = await itemNames(
      em,
      actor.workspaceId,
      entries.flatMap((entry) => (entry ? [entry.itemId] : [])),
    );
    const places = await referenceNames(
      em,
      actor.workspaceId,
      [],
      entries.flatMap((entry) => (entry ? [entry.locationId, entry.toLocationId] : [])),
    );
    // Every event found keeps its place in the walk, even one that recorded no movement (none should).
    const exported = entries.map((entry): ExportMovementRow | null =>
      entry
        ? {
            occurredAt: entry.createdAt,
            itemName: items.get(entry.itemId)?.name ?? '',
            sku: items.get(entry.itemId)?.sku ?? null,
            type: entry.movementType,
            quantity: entry.quantity,
            location: places.locationEver(entry.locationId),
            toLocation: places.locationEver(entry.toLocationId),
            reason: entry.reason,
            stockAfter: entry.stockAfter,
            userName: entry.userName,
          }
        : null,
    );
    const { rows, next } = pageOf(found, exported, query.limit, (row) => ({ time: row.sort_time, tiebreak: row.position }));
    return { rows: rows.filter((row): row is ExportMovementRow => row !== null), next };
  }
}

const referencesOfRow = (row: ItemRow) => ({ categoryId: row.category_id, locationId: row.location_id, stock: row.stock });

const dateInvalid = (field: 'from' | 'to'): never => {
  throw invalid(ReportMessages.dateInvalid(field));
};

/** The export's stock columns: every live place by name, and "no place" only when some stock is kept there. */
async function stockColumns(em: EntityManager, workspaceId: string): Promise<{ places: ExportPlace[]; noPlace: boolean }> {
  const sql = sqlOf(em);
  const places = await sql<ExportPlace>(
    'SELECT id, name FROM location_replicas WHERE workspace_id = ? AND NOT deleted ORDER BY lower(name), name, id',
    [workspaceId],
  );
  const [{ no_place }] = await sql<{ no_place: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM item_views WHERE workspace_id = ? AND is_active AND stock @> '[{"locationId": null}]') AS no_place`,
    [workspaceId],
  );
  return { places, noPlace: no_place };
}

/** The names and SKUs of the items, archived ones included: history names what it moved. */
async function itemNames(
  em: EntityManager,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, { name: string; sku: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await sqlOf(em)<{ id: string; name: string; sku: string | null }>(
    'SELECT id, name, sku FROM item_views WHERE workspace_id = ? AND id = ANY(?::uuid[])',
    [workspaceId, [...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, sku: row.sku }]));
}
