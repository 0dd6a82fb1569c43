import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  ImportMessages as M,
  WorkspacePermissions,
  type Actor,
  type ImportMapping,
  type ImportPreview,
  type ImportReferences,
  type ImportRowError,
  type ImportUpload,
  type ImportView,
} from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { isUUID } from 'class-validator';
import { sqlOf } from '../database/sql.js';
import { ImportJobQueue } from './import-jobs.js';
import { loadLookups, NO_CODES } from './import-lookups.js';
import { lowerKey } from './import-plan.js';
import { ImportRunner } from './import-runner.js';
import { errorsPage, findImport, listImports, moveStatus, viewOf, type ImportRecord } from './import-store.js';
import type { ImportCreateDto, ImportErrorsPageDto, ImportPreviewDto, ImportRefDto } from './imports.dto.js';

/** The workspace's imports: reading and checking files happen in the worker; runs are queued there. */
@Injectable()
export class ImportsService {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly jobs: ImportJobQueue,
  ) {}

  create(actor: Actor, request: ImportCreateDto): Promise<ImportUpload> {
    return this.jobs.awaited({ kind: 'read', actor, request });
  }

  preview(actor: Actor, { id, mode, mapping }: ImportPreviewDto): Promise<ImportPreview> {
    // Only the fields given, as plain values: the DTO instance would carry its class into the job.
    const chosen = Object.fromEntries(Object.entries(mapping).filter(([, column]) => typeof column === 'string')) as ImportMapping;
    return this.jobs.awaited({ kind: 'preview', actor, request: { id, mode, mapping: chosen } });
  }

  /** What the gateway must create before the run: the preview's new names the workspace still lacks. */
  async references(actor: Actor, { id }: ImportRefDto): Promise<ImportReferences> {
    const record = await this.importOf(actor, id);
    if (record.status === 'uploaded') throw new ServiceError('CONFLICT', M.notPreviewed);
    const { categories, locations } = await loadLookups(this.orm.em.fork(), actor.workspaceId, NO_CODES, { lock: false });
    return {
      categories: record.newCategories.filter((name) => !categories.has(lowerKey(name))),
      locations: record.newLocations.filter((name) => !locations.has(lowerKey(name))),
    };
  }

  /** Starts the previewed run once: a second commit, or one racing it, is refused. */
  async commit(actor: Actor, { id }: ImportRefDto): Promise<ImportView> {
    const record = await this.importOf(actor, id);
    if (record.status === 'uploaded') throw new ServiceError('CONFLICT', M.notPreviewed);
    const started = await this.orm.em.fork().transactional(async (em) => {
      if (!(await moveStatus(em, actor.workspaceId, id, ['previewed'], 'running'))) return false;
      // The run reports its own errors.
      await sqlOf(em)('DELETE FROM import_errors WHERE import_id = ?::uuid', [id]);
      return true;
    });
    if (!started) throw new ServiceError('CONFLICT', M.alreadyStarted);
    await this.queueOrRevert(actor, id, 'run', 'previewed');
    return viewOf(await this.importOf(actor, id));
  }

  /** Queues the undo of a finished import whose items have not changed since. */
  async undo(actor: Actor, { id }: ImportRefDto): Promise<ImportView> {
    const record = await this.importOf(actor, id);
    if (record.createdBy.id !== actor.userId && !WorkspacePermissions.undoOthers(actor.workspaceRole))
      throw new ServiceError('FORBIDDEN', M.undoOthersForbidden);
    if (record.status !== 'done') throw new ServiceError('CONFLICT', M.notUndoable);
    await ImportRunner.assertUndoable(this.orm.em.fork(), record);
    if (!(await moveStatus(this.orm.em.fork(), actor.workspaceId, id, ['done'], 'undoing')))
      throw new ServiceError('CONFLICT', M.notUndoable);
    await this.queueOrRevert(actor, id, 'undo', 'done');
    return viewOf(await this.importOf(actor, id));
  }

  async get(actor: Actor, { id }: ImportRefDto): Promise<ImportView> {
    return viewOf(await this.importOf(actor, id));
  }

  list(actor: Actor): Promise<ImportView[]> {
    return listImports(this.orm.em.fork(), actor.workspaceId);
  }

  async errors(actor: Actor, { id, afterRow, limit }: ImportErrorsPageDto): Promise<{ errors: ImportRowError[]; next: number | null }> {
    await this.importOf(actor, id);
    return errorsPage(this.orm.em.fork(), id, afterRow, limit);
  }

  /** A job that cannot be queued (Redis down) puts the import back as it was. */
  private async queueOrRevert(actor: Actor, importId: string, kind: 'run' | 'undo', previous: 'previewed' | 'done'): Promise<void> {
    try {
      await this.jobs.background({ kind, actor, importId });
    } catch {
      await moveStatus(this.orm.em.fork(), actor.workspaceId, importId, [kind === 'run' ? 'running' : 'undoing'], previous);
      throw new ServiceError('SERVICE_UNAVAILABLE', 'The import queue is unavailable; please try again');
    }
  }

  private async importOf(actor: Actor, id: string): Promise<ImportRecord> {
    const record = isUUID(id) ? await findImport(this.orm.em.fork(), actor.workspaceId, id) : null;
    if (!record) throw new ServiceError('NOT_FOUND', M.notFound);
    return record;
  }
}
