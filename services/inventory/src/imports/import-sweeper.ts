import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { ImportMessages as M } from '@inventory/contracts';
import { sqlOf } from '../database/sql.js';
import { ImportFiles } from './import-files.js';

/** An upload nobody imported is kept this long (the wizard may be left and taken up again). */
export const UPLOAD_KEPT_MS = 24 * 3600 * 1000;
/** A file is left alone this long after it was stored: its import row may still be on its way. */
const GRACE_MS = 3600 * 1000;

/**
 * Keeps the S3 store from collecting import files (docs/import-export.md): uploads never imported
 * expire after a day (the import says so), and files no import needs any more — finished ones whose
 * removal failed, and those of workspaces that were deleted (their rows are purged by an event
 * consumer that has no S3 access) — are removed. Run by a scheduled job of the imports worker.
 */
@Injectable()
export class ImportSweeper {
  private readonly logger = new Logger('ImportSweeper');

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly files: ImportFiles,
  ) {}

  async sweep(now = new Date()): Promise<{ expired: number; removed: number }> {
    const sql = sqlOf(this.orm.em.fork());
    const expired = await sql<{ object_key: string }>(
      `UPDATE imports SET status = 'failed', failure = ?, finished_at = now()
        WHERE status IN ('uploaded', 'previewed') AND created_at < ? RETURNING object_key`,
      [M.uploadExpired, new Date(now.getTime() - UPLOAD_KEPT_MS)],
    );
    const stored = await this.files.listOlderThan(new Date(now.getTime() - GRACE_MS));
    const needed = new Set(
      (
        await sql<{ object_key: string }>(
          `SELECT object_key FROM imports WHERE object_key = ANY(?) AND status IN ('uploaded', 'previewed', 'running')`,
          [stored],
        )
      ).map((row) => row.object_key),
    );
    const unneeded = stored.filter((key) => !needed.has(key));
    for (const key of unneeded) await this.files.remove(key);
    if (expired.length + unneeded.length > 0)
      this.logger.log(`expired ${expired.length} unused uploads, removed ${unneeded.length} import files`);
    return { expired: expired.length, removed: unneeded.length };
  }
}
