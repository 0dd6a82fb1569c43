import type { Provider } from '@nestjs/common';
import type { MembershipChange, Role } from '@inventory/contracts';
import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData } from 'express-session';
import type pg from 'pg';
import { PG_POOL } from '../../connections/connections.module.js';
import { ReadsUnderWay } from '../reads-under-way.js';
import { SessionCache, type SessionChange } from './session-cache.js';
import { SessionChangeFeed } from './session-change-feed.js';
import { ensureSessionTable } from './session-table.js';

export const SESSION_STORE = Symbol('SESSION_STORE');

const PgStore = connectPgSimple(session);

type Callback = (error?: unknown) => void;

/**
 * connect-pg-simple, and the one place that writes the session table. A session read in the last
 * few seconds comes from the cache (see SessionCache), so most requests make no query; every write
 * here is announced so that no gateway keeps an outdated copy. A read that misses is sent as a
 * named prepared statement (parsed and planned once per connection). No "touch" writes (see
 * session.middleware.ts). Expired rows are pruned every 15 minutes.
 */
export class PgSessionStore extends PgStore {
  private readonly cache: SessionCache;
  private readonly reads = new ReadsUnderWay<string, SessionData | null>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly changes: SessionChangeFeed,
  ) {
    super({ pool, tableName: 'session', disableTouch: true, pruneSessionInterval: 15 * 60 });
    this.cache = changes.cache;
  }

  /**
   * The session, from the cache or the table; each caller gets a copy of its own. Requests of one
   * session that miss the cache together share one read of the table (ReadsUnderWay): the web app's
   * parallel calls, and every request of a busy client when its cached copy expires, which under
   * the inventory bench stalled a second's p99 to 300–600 ms every 10 s while each read on its own.
   * While the cache is off (no change notices heard), each request reads on its own.
   */
  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    const cached = this.cache.get(sid);
    if (cached) return callback(null, cached);
    const generation = this.cache.readStarted();
    const read = () => this.read(sid, generation);
    const found = this.cache.enabled ? this.reads.join(sid, generation, read) : read();
    found.then((session) => callback(null, session && structuredClone(session)), callback);
  }

  private async read(sid: string, generation: number): Promise<SessionData | null> {
    const result = await this.pool.query<{ sess: SessionData }>({
      name: 'session-get',
      text: 'SELECT sess FROM session WHERE sid = $1 AND expire >= now()',
      values: [sid],
    });
    const session = result.rows[0]?.sess ?? null;
    if (session) this.cache.fill(sid, session, generation);
    return session;
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    super.set(sid, data, (error?: unknown) => this.changed({ sessionDigests: [SessionCache.digestOf(sid)] }, error, callback));
  }

  override destroy(sid: string, callback?: Callback): void {
    super.destroy(sid, (error?: unknown) => this.changed({ sessionDigests: [SessionCache.digestOf(sid)] }, error, callback));
  }

  /** "Logout from all devices", and a deleted user's sessions. */
  async destroyAllOf(userId: string): Promise<void> {
    await this.pool.query("DELETE FROM session WHERE sess ->> 'userId' = $1", [userId]);
    await this.changes.announce({ userId });
  }

  /** A role change takes effect on the user's open sessions at once. */
  async setRoleOf(userId: string, role: Role): Promise<void> {
    await this.pool.query(
      "UPDATE session SET sess = jsonb_set(sess::jsonb, '{role}', to_jsonb($2::text))::json WHERE sess ->> 'userId' = $1",
      [userId, role],
    );
    await this.changes.announce({ userId });
  }

  /**
   * A member's role changed, or they lost the workspace: their sessions working in it take the new
   * role, or move to their personal workspace (id = their user id), and every gateway drops its
   * cached copy, so the very next request runs with the change (docs/workspaces.md).
   */
  async applyMembershipChange({ workspaceId, changed, removed }: MembershipChange): Promise<void> {
    for (const { userId, role } of changed) {
      await this.pool.query(
        `UPDATE session SET sess = jsonb_set(sess::jsonb, '{workspaceRole}', to_jsonb($3::text))::json
          WHERE sess ->> 'userId' = $1 AND coalesce(sess ->> 'workspaceId', sess ->> 'userId') = $2`,
        [userId, workspaceId, role],
      );
      await this.changes.announce({ userId });
    }
    for (const userId of removed) {
      await this.pool.query(
        `UPDATE session SET sess = (sess::jsonb || jsonb_build_object('workspaceId', $1::text, 'workspaceRole', 'owner'))::json
          WHERE sess ->> 'userId' = $1 AND coalesce(sess ->> 'workspaceId', sess ->> 'userId') = $2`,
        [userId, workspaceId],
      );
      await this.changes.announce({ userId });
    }
  }

  announceUserChange(userId: string): Promise<void> {
    return this.changes.announce({ userId });
  }

  /** Announced even after an error: the write may have happened all the same. */
  private changed(change: SessionChange, error: unknown, callback?: Callback): void {
    void this.changes.announce(change).then(() => callback?.(error));
  }
}

export const sessionStoreProvider: Provider = {
  provide: SESSION_STORE,
  inject: [PG_POOL, SessionChangeFeed],
  useFactory: async (pool: pg.Pool, changes: SessionChangeFeed) => {
    await ensureSessionTable(pool);
    return new PgSessionStore(pool, changes);
  },
};
