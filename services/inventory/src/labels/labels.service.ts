import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_LABEL_LAYOUT,
  InventoryMessages,
  LabelMessages as M,
  LabelPaths,
  MAX_LABELS,
  type Actor,
  type ItemLabelsRequest,
  type LabelPdfPieces,
  type LocationLabelsRequest,
} from '@inventory/contracts';
import { invalid, notFound, ServiceError, spacedShortCode, shortCodeOf } from '@inventory/platform';
import { getEnv } from '../config/env.js';
import { sqlOf, UUID } from '../database/sql.js';
import { awaitReferences } from '../replicas/references.js';
import { atPlace } from '../items/read-models/item-views.js';
import { renderLabelsPdf, type LabelContent } from './label-pdf.js';
import { LABEL_SHEETS } from './label-sheets.js';

/** Base64 text per piece of the answer; inChunks packs pieces into NATS messages. */
const PIECE_CHARS = 64 * 1024;

interface ItemRow {
  id: string;
  name: string;
  sku: string | null;
  code: string;
  barcodes: string[];
}

const ITEM_COLUMNS = 'id, name, sku, code, barcodes';
const ITEMS_BY_ID = `SELECT ${ITEM_COLUMNS} FROM item_views WHERE workspace_id = ? AND is_active AND id = ANY(?::uuid[])`;
// A scope's lists read one more than the cap, to tell "too many" from "exactly the cap".
const ITEMS_IN_CATEGORY = `SELECT ${ITEM_COLUMNS} FROM item_views WHERE workspace_id = ? AND is_active AND category_id = ?
  ORDER BY lower(name), id LIMIT ${MAX_LABELS + 1}`;
const itemsAtLocation = (sql: string) =>
  `SELECT ${ITEM_COLUMNS} FROM item_views WHERE workspace_id = ? AND is_active AND ${sql} ORDER BY lower(name), id LIMIT ${MAX_LABELS + 1}`;

/**
 * Label sheets as PDF (docs/scanning.md, "Labels"): the records chosen, always within the actor's
 * workspace (another workspace's id answers 404 and is never printed), rendered here because this
 * service holds the items' codes and barcodes and the places' names.
 */
@Injectable()
export class LabelsService {
  private readonly publicUrl = getEnv().PUBLIC_URL.replace(/\/+$/, '');

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async itemLabels(actor: Actor, request: ItemLabelsRequest): Promise<LabelPdfPieces> {
    const em = this.orm.em.fork();
    const items = await this.chosenItems(em, actor.workspaceId, request);
    const labels = items.map((item): LabelContent => ({
      url: `${this.publicUrl}${LabelPaths.item(item.code)}`,
      name: item.name,
      details: item.sku ? [`SKU ${item.sku}`] : [],
      code: spacedShortCode(item.code),
      barcode: item.barcodes[0] ?? null,
    }));
    return piecesOf(await renderLabelsPdf(labels, LABEL_SHEETS[request.layout ?? DEFAULT_LABEL_LAYOUT]));
  }

  async locationLabels(actor: Actor, request: LocationLabelsRequest): Promise<LabelPdfPieces> {
    const em = this.orm.em.fork();
    const places = await this.chosenPlaces(em, actor.workspaceId, request.ids);
    // The replica keeps places' names only: the kind of place and its parents are not known here.
    const labels = places.map(({ id, name }): LabelContent => ({
      url: `${this.publicUrl}${LabelPaths.location(shortCodeOf(id))}`,
      name,
      details: ['Location'],
      code: spacedShortCode(shortCodeOf(id)),
      barcode: null,
    }));
    return piecesOf(await renderLabelsPdf(labels, LABEL_SHEETS[request.layout ?? DEFAULT_LABEL_LAYOUT]));
  }

  private async chosenItems(
    em: EntityManager,
    workspaceId: string,
    { ids, categoryId, locationId }: ItemLabelsRequest,
  ): Promise<ItemRow[]> {
    const scopes = [ids, categoryId, locationId].filter((scope) => scope !== undefined && scope !== null);
    if (scopes.length !== 1) throw invalid(M.chooseItems);
    const sql = sqlOf(em);
    if (ids) {
      if (!ids.every((id) => UUID.test(id))) throw notFound('Item');
      const found = new Map((await sql<ItemRow>(ITEMS_BY_ID, [workspaceId, [...new Set(ids)]])).map((row) => [row.id.toLowerCase(), row]));
      // In the order asked for; a repeated id prints another copy.
      return ids.map((id) => found.get(id.toLowerCase()) ?? missing(InventoryMessages.itemNotFound));
    }
    let items: ItemRow[];
    if (categoryId) {
      await this.knownReference(em, workspaceId, 'category', categoryId);
      items = await sql<ItemRow>(ITEMS_IN_CATEGORY, [workspaceId, categoryId]);
    } else {
      await this.knownReference(em, workspaceId, 'location', locationId!);
      const place = atPlace(workspaceId, locationId!);
      items = await sql<ItemRow>(itemsAtLocation(place.sql), [workspaceId, ...place.params]);
    }
    if (items.length > MAX_LABELS) throw invalid(M.tooMany);
    if (items.length === 0) throw invalid(M.nothingToPrint);
    return items;
  }

  /** The places named, in that order; without ids, every place of the workspace by name. */
  private async chosenPlaces(em: EntityManager, workspaceId: string, ids: string[] | undefined): Promise<{ id: string; name: string }[]> {
    const sql = sqlOf(em);
    if (ids === undefined) {
      const all = await sql<{ id: string; name: string }>(
        `SELECT id, name FROM location_replicas WHERE workspace_id = ? AND NOT deleted ORDER BY lower(name), id LIMIT ${MAX_LABELS + 1}`,
        [workspaceId],
      );
      if (all.length > MAX_LABELS) throw invalid(M.tooMany);
      if (all.length === 0) throw invalid(M.nothingToPrint);
      return all;
    }
    await awaitReferences(em, { categoryIds: [], locationIds: ids });
    const rows = await sql<{ id: string; name: string }>(
      'SELECT id, name FROM location_replicas WHERE workspace_id = ? AND NOT deleted AND id = ANY(?)',
      [workspaceId, [...new Set(ids)]],
    );
    const found = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => found.get(id) ?? missing(InventoryMessages.locationNotFound));
  }

  /** A category or place of this workspace (one created a moment ago included), else 404. */
  private async knownReference(em: EntityManager, workspaceId: string, kind: 'category' | 'location', id: string): Promise<void> {
    await awaitReferences(em, kind === 'category' ? { categoryIds: [id], locationIds: [] } : { categoryIds: [], locationIds: [id] });
    const [row] = await sqlOf(em)(`SELECT 1 FROM ${kind}_replicas WHERE id = ? AND workspace_id = ? AND NOT deleted`, [id, workspaceId]);
    if (!row)
      throw new ServiceError('NOT_FOUND', kind === 'category' ? InventoryMessages.categoryNotFound : InventoryMessages.locationNotFound);
  }
}

const missing = (message: string): never => {
  throw new ServiceError('NOT_FOUND', message);
};

/** The PDF as base64 pieces, each a small part of one NATS message. */
function piecesOf(pdf: Buffer): LabelPdfPieces {
  const text = pdf.toString('base64');
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += PIECE_CHARS) pieces.push(text.slice(at, at + PIECE_CHARS));
  return pieces;
}
