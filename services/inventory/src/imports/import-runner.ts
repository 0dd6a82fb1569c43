import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  IMPORT_PREVIEW_ERRORS,
  IMPORT_SAMPLE_ROWS,
  ImportMessages as M,
  InventoryMessages,
  MOVEMENT_REASON_MAX_LENGTH,
  type Actor,
  type ImportPreview,
  type ImportRowError,
  type ImportUpload,
} from '@inventory/contracts';
import { importObjectKey, ServiceError } from '@inventory/platform';
import { createHash, randomUUID } from 'node:crypto';
import { lockReferences } from '../replicas/references.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { now, type ItemRequest } from '../items/write/command.js';
import { decideItems } from '../items/write/decide-items.js';
import { loadItemStates } from '../items/write/item-states.js';
import type { DetailChanges, ItemCommand } from '../items/domain/item.js';
import { refreshItemViewStatistics } from '../items/read-models/item-views.js';
import { ImportFiles } from './import-files.js';
import { readImportFile, type ImportSheet } from './import-file.js';
import type { ImportJob } from './import-jobs.js';
import { loadLookups, NO_CODES } from './import-lookups.js';
import {
  chunkSeen,
  isNewReference,
  lowerKey,
  newReferenceNames,
  planRows,
  referenceId,
  type RowPlan,
  type SeenInFile,
  type WorkspaceLookups,
} from './import-plan.js';
import { columnPositions, parseRow, suggestMapping, type ParsedRow } from './import-rows.js';
import {
  addChunkCounts,
  changedSince,
  findImport,
  finishImport,
  importedRowsPage,
  insertErrors,
  insertImport,
  insertImportedRows,
  moveStatus,
  savePreview,
  type ImportedRow,
  type ImportRecord,
} from './import-store.js';

/** Rows written per transaction: few enough to keep a transaction short, enough to make each one count. */
const CHUNK_ROWS = 1000;
/** How long a run waits for the replicas to learn of the categories and places made for it (a busy consumer lags). */
const REFERENCES_WAIT_MS = 60_000;
const REFERENCES_POLL_MS = 100;

type Job<K extends ImportJob['kind']> = Extract<ImportJob, { kind: K }>;

/** The import jobs' work (docs/import-export.md), run by the inventory worker. */
@Injectable()
export class ImportRunner {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly files: ImportFiles,
  ) {}

  /** Reads an uploaded file: nothing is kept of a file that cannot be imported. */
  async read({ actor, request }: Job<'read'>): Promise<ImportUpload> {
    const objectKey = importObjectKey(actor.workspaceId, request.id);
    if (request.objectKey !== objectKey) throw new ServiceError('VALIDATION', M.fileRequired);
    let sheet: ImportSheet;
    try {
      sheet = await readImportFile(await this.files.read(objectKey));
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'VALIDATION') await this.files.remove(objectKey);
      throw error;
    }
    await insertImport(this.orm.em.fork(), {
      id: request.id,
      workspaceId: actor.workspaceId,
      createdBy: actor.userId,
      createdByName: actor.userName ?? null,
      fileName: request.fileName,
      objectKey,
      size: request.size,
      columns: sheet.columns,
      rowCount: sheet.rows.length,
    });
    return {
      id: request.id,
      fileName: request.fileName,
      columns: sheet.columns,
      sampleRows: sheet.rows.slice(0, IMPORT_SAMPLE_ROWS),
      rowCount: sheet.rows.length,
      suggestedMapping: suggestMapping(sheet.columns),
    };
  }

  /** Checks every row as a run would, writes nothing but the preview's own record. */
  async preview({ actor, request }: Job<'preview'>): Promise<ImportPreview> {
    const em = this.orm.em.fork();
    const record = await this.importOf(em, actor, request.id);
    if (record.status !== 'uploaded' && record.status !== 'previewed') throw new ServiceError('CONFLICT', M.alreadyStarted);
    const file = await this.fileRows({ ...record, mapping: request.mapping }, request.mode);
    const rows = file.parse(0, file.count);
    const lookups = await loadLookups(em, actor.workspaceId, codesOf(rows), { lock: false });
    const plans = planRows(rows, request.mode, lookups, new Map());
    const errors = plans.flatMap((plan) => (plan.kind === 'invalid' ? plan.errors : []));
    const count = (kind: RowPlan['kind']) => plans.filter((plan) => plan.kind === kind).length;
    const invalid = count('invalid');
    const created = newReferenceNames(plans, lookups);
    await em.transactional((tx) =>
      savePreview(tx, record.id, {
        mode: request.mode,
        mapping: request.mapping,
        invalid,
        errors,
        newCategories: created.categories,
        newLocations: created.locations,
      }),
    );
    return {
      toCreate: count('create'),
      toUpdate: count('update'),
      unchanged: count('unchanged'),
      invalid,
      errors: errors.slice(0, IMPORT_PREVIEW_ERRORS),
      newCategories: created.categories,
      newLocations: created.locations,
    };
  }

  /**
   * Writes the rows in chunks, each in one transaction with the import's cursor, so a run that
   * stops (a worker killed, a retry) resumes after the last chunk that committed and no row is
   * written twice. Returns the import as it is after each chunk, through `progress`.
   */
  async run({ actor, importId }: Job<'run'>, progress: (record: ImportRecord) => void): Promise<void> {
    const em = this.orm.em.fork();
    const record = await this.importOf(em, actor, importId);
    if (record.status !== 'running') return;
    const rows = await this.fileRows(record, record.mode!);
    await this.awaitNewReferences(record);
    // SKUs and barcodes of rows before the cursor count as seen, as they did when those rows were written.
    const seenInFile = new Map<string, number>();
    for (let from = 0; from < record.processed; from += CHUNK_ROWS)
      planRows(rows.parse(from, Math.min(from + CHUNK_ROWS, record.processed)), record.mode!, emptyLookups(), seenInFile);
    const reason = `Import ${record.fileName}`.slice(0, MOVEMENT_REASON_MAX_LENGTH);
    const firstCursor = record.processed;
    let cursor = firstCursor;
    while (cursor < rows.count) {
      const chunk = chunkSeen(seenInFile);
      const moved = await em.fork().transactional((tx) => this.writeChunk(tx, actor, record, rows, cursor, chunk.seen, reason));
      if (moved === cursor + Math.min(CHUNK_ROWS, rows.count - cursor)) chunk.keep();
      // After the run's first chunk, so that the other writers' statements plan with the workspace's new size.
      if (cursor === firstCursor && rows.count - firstCursor > CHUNK_ROWS) await refreshItemViewStatistics(em);
      cursor = moved;
      progress((await findImport(em.fork(), actor.workspaceId, importId))!);
    }
    await finishImport(em, importId, 'done');
    await this.files.remove(record.objectKey);
    progress((await findImport(em.fork(), actor.workspaceId, importId))!);
  }

  /** One chunk from `cursor`; the cursor after it (another run's, if one got there first). */
  private async writeChunk(
    tx: EntityManager,
    actor: Actor,
    record: ImportRecord,
    rows: FileRows,
    cursor: number,
    seen: SeenInFile,
    reason: string,
  ): Promise<number> {
    const current = await findImport(tx, actor.workspaceId, record.id, { lock: true });
    if (current?.status !== 'running' || current.processed !== cursor)
      return current?.status === 'running' ? current.processed : rows.count;
    const chunk = rows.parse(cursor, cursor + CHUNK_ROWS);
    const lookups = await loadLookups(tx, actor.workspaceId, codesOf(chunk), { lock: true });
    const plans = planRows(chunk, record.mode!, lookups, seen);
    const errors: ImportRowError[] = plans.flatMap((plan) => (plan.kind === 'invalid' ? plan.errors : []));
    const writes: RowWrite[] = [];
    for (const plan of plans) {
      const write = writeOf(plan, record.id, lookups, reason);
      const missing = write && missingReference(write.references);
      if (missing) errors.push({ row: plan.row, column: null, message: missing });
      else if (write) writes.push(write);
    }
    const context = {
      workspaceId: actor.workspaceId,
      userId: actor.userId,
      userName: actor.userName,
      correlationId: record.id,
      occurredAt: now(),
    };
    const categoryIds = writes.flatMap((w) => w.references.categoryIds);
    const locationIds = writes.flatMap((w) => w.references.locationIds);
    await lockReferences(tx, actor.workspaceId, { categoryIds, locationIds });
    const decided = await decideItems(
      tx,
      writes.map((w) => ({ itemId: w.itemId, requests: [{ context, commands: w.commands } satisfies ItemRequest] })),
      { lock: false },
    );
    const imported: ImportedRow[] = [];
    for (const [i, write] of writes.entries()) {
      const outcome = decided.outcomes[i][0];
      if (outcome instanceof ServiceError) errors.push({ row: write.row, column: null, message: outcome.message });
      else imported.push({ ...write.imported, versionAfter: outcome.state.version });
    }
    await decided.append();
    await insertImportedRows(tx, record.id, imported);
    await insertErrors(tx, record.id, errors);
    const skipped = chunk.length - imported.length - plans.filter((p) => p.kind === 'unchanged').length;
    await addChunkCounts(tx, record.id, {
      processed: chunk.length,
      created: imported.filter((r) => r.action === 'created').length,
      updated: imported.filter((r) => r.action === 'updated').length,
      unchanged: plans.filter((p) => p.kind === 'unchanged').length,
      skipped,
      errors: new Set(errors.map((e) => e.row)).size,
    });
    return cursor + chunk.length;
  }

  /**
   * Appends the compensating events: the import's opening stock is taken back and the items it
   * created archived; the details, reorder levels and stock it changed are set back. An item
   * changed since is left alone (the request was refused if any had been; this covers a race).
   */
  async undo({ actor, importId }: Job<'undo'>, progress: (record: ImportRecord) => void): Promise<void> {
    const em = this.orm.em.fork();
    const record = await this.importOf(em, actor, importId);
    if (record.status !== 'undoing') return;
    const context = { workspaceId: actor.workspaceId, userId: actor.userId, userName: actor.userName, correlationId: record.id };
    for (let after = 0; ;) {
      const rows = await importedRowsPage(em, importId, after, CHUNK_ROWS);
      if (rows.length === 0) break;
      after = rows[rows.length - 1].row;
      await em.fork().transactional(async (tx) => {
        const states = await loadItemStates(
          tx,
          rows.map((r) => ({ workspaceId: actor.workspaceId, itemId: r.itemId })),
          { lock: false },
        );
        const undoable = rows.filter((r, i) => states[i].status === 'active' && states[i].version === r.versionAfter);
        const decided = await decideItems(
          tx,
          undoable.map((r) => ({
            itemId: r.itemId,
            requests: [{ context: { ...context, occurredAt: now() }, commands: compensationOf(r, actor) }],
          })),
          { lock: false },
        );
        await decided.append();
      });
    }
    await moveStatus(em, actor.workspaceId, importId, ['undoing'], 'undone');
    progress((await findImport(em.fork(), actor.workspaceId, importId))!);
  }

  /** Refuses an undo when items the import wrote have changed since. */
  static async assertUndoable(em: EntityManager, record: ImportRecord): Promise<void> {
    const { count, example } = await changedSince(em, record.id);
    if (count > 0) throw new ServiceError('CONFLICT', M.changedSince(count, example ?? ''));
  }

  private async importOf(em: EntityManager, actor: Actor, id: string): Promise<ImportRecord> {
    const record = await findImport(em, actor.workspaceId, id);
    if (!record) throw new ServiceError('NOT_FOUND', M.notFound);
    return record;
  }

  /** The file's data rows, parsed a slice at a time (a run holding every parsed row at once needed twice the memory). */
  private async fileRows(record: ImportRecord, mode: NonNullable<ImportRecord['mode']>): Promise<FileRows> {
    const positions = columnPositions(record.columns, record.mapping ?? {}, mode);
    const sheet = await readImportFile(await this.files.read(record.objectKey));
    return {
      count: sheet.rows.length,
      // Row 1 is the header, as a spreadsheet numbers them.
      parse: (from, to) => sheet.rows.slice(from, to).map((cells, i) => parseRow(from + i + 2, cells, positions, record.mapping!)),
    };
  }

  /**
   * Waits for the replicas to learn of the categories and places the gateway created for this run
   * (docs/import-export.md); one still unknown after that is refused per row ('Category not found').
   */
  private async awaitNewReferences(record: ImportRecord): Promise<void> {
    const deadline = Date.now() + REFERENCES_WAIT_MS;
    for (;;) {
      const { categories, locations } = await loadLookups(this.orm.em.fork(), record.workspaceId, NO_CODES, { lock: false });
      const known = (names: Map<string, string>, wanted: string[]) => wanted.every((name) => names.has(lowerKey(name)));
      if ((known(categories, record.newCategories) && known(locations, record.newLocations)) || Date.now() > deadline) return;
      await sleep(REFERENCES_POLL_MS);
    }
  }
}

/** Why a row cannot be written: a category or place it names still does not exist. */
function missingReference({ categoryIds, locationIds }: RowWrite['references']): string | null {
  if (categoryIds.some(isNewReference)) return InventoryMessages.categoryNotFound;
  if (locationIds.some(isNewReference)) return InventoryMessages.locationNotFound;
  return null;
}

const emptyLookups = (): WorkspaceLookups => ({
  itemsBySku: new Map(),
  barcodeOwners: new Map(),
  categories: new Map(),
  locations: new Map(),
});

/** The rows' SKUs (lower case) and barcodes, each once. */
const codesOf = (rows: ParsedRow[]) => {
  const valid = rows.flatMap((row) => (row.errors ? [] : [row.fields]));
  return {
    skus: [...new Set(valid.flatMap((fields) => (fields.sku === undefined ? [] : [lowerKey(fields.sku)])))],
    barcodes: [...new Set(valid.flatMap((fields) => fields.barcodes ?? []))],
  };
};

/** A file's data rows: how many, and those from `from` up to `to` (exclusive) parsed. */
interface FileRows {
  count: number;
  parse(from: number, to: number): ParsedRow[];
}

interface RowWrite {
  row: number;
  itemId: string;
  commands: ItemCommand[];
  references: { categoryIds: string[]; locationIds: string[] };
  imported: Omit<ImportedRow, 'versionAfter'>;
}

/** The commands a planned row sends through the item's decider, and what to remember of it. */
function writeOf(plan: RowPlan, importId: string, lookups: WorkspaceLookups, reason: string): RowWrite | null {
  if (plan.kind === 'invalid' || plan.kind === 'unchanged') return null;
  if (plan.kind === 'create') {
    const categoryId = referenceId(lookups.categories, plan.fields.category) ?? null;
    const locationId = referenceId(lookups.locations, plan.fields.location) ?? null;
    const references = { categoryIds: categoryId ? [categoryId] : [], locationIds: locationId ? [locationId] : [] };
    const { fields } = plan;
    const itemId = rowItemId(importId, plan.row);
    const movementId = randomUUID();
    const commands: ItemCommand[] = [
      {
        type: 'RegisterItem',
        data: {
          name: fields.name,
          sku: fields.sku ?? null,
          description: fields.description ?? null,
          unitPrice: fields.unitPrice ?? '0.00',
          categoryId,
          locationId,
          imageUrl: null,
          barcodes: fields.barcodes ?? [],
          reorderLevel: fields.reorderLevel ?? 0,
          // Registered with its opening stock, so the low-stock watch judges the item once, as filed
          // (not out of stock first and back a moment later); the movement names the import.
          initialStock: fields.quantity ?? 0,
          initialStockReason: reason,
          movementId,
        },
      },
    ];
    return {
      row: plan.row,
      itemId,
      commands,
      references,
      imported: { row: plan.row, itemId, action: 'created', previous: null, movementId: fields.quantity ? movementId : null },
    };
  }
  const { item, changes } = plan;
  const commands: ItemCommand[] = [];
  const previous: NonNullable<ImportedRow['previous']> = { details: {} };
  if (Object.keys(changes.details).length > 0) {
    commands.push({ type: 'ChangeDetails', data: { changes: changes.details } });
    for (const key of Object.keys(changes.details)) previous.details[key] = item.details[key as keyof typeof item.details];
  }
  if (changes.reorderLevel !== undefined) {
    commands.push({ type: 'SetReorderLevel', data: { reorderLevel: changes.reorderLevel } });
    previous.reorderLevel = item.reorderLevel;
  }
  const movementId = changes.stock ? randomUUID() : null;
  if (changes.stock) commands.push({ type: 'AdjustStock', data: { ...changes.stock, reason, movementId: movementId! } });
  const stockPlace = changes.stock?.locationId;
  return {
    row: plan.row,
    itemId: item.itemId,
    commands,
    references: {
      categoryIds: changes.details.categoryId ? [changes.details.categoryId] : [],
      locationIds: [changes.details.locationId, stockPlace].filter((id): id is string => typeof id === 'string'),
    },
    imported: { row: plan.row, itemId: item.itemId, action: 'updated', previous, movementId },
  };
}

/** What undoes one imported row. */
function compensationOf(row: ImportedRow, actor: Actor): ItemCommand[] {
  const commands: ItemCommand[] = [];
  if (row.movementId)
    commands.push({
      type: 'UndoMovement',
      data: {
        targetMovementId: row.movementId,
        movementId: randomUUID(),
        reason: 'Import undone',
        actorUserId: actor.userId,
        mayUndoOthers: true,
      },
    });
  if (row.action === 'created') commands.push({ type: 'ArchiveItem', data: {} });
  else {
    if (Object.keys(row.previous?.details ?? {}).length > 0)
      commands.push({ type: 'ChangeDetails', data: { changes: row.previous!.details as DetailChanges } });
    if (row.previous?.reorderLevel !== undefined)
      commands.push({ type: 'SetReorderLevel', data: { reorderLevel: row.previous.reorderLevel } });
  }
  return commands;
}

/** The id of the item a row creates: the same on every attempt, so a repeated write cannot make a second item. */
function rowItemId(importId: string, row: number): string {
  const hash = createHash('sha256').update(`${importId}:${row}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
