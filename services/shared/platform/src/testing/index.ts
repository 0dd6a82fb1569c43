import type { INestMicroservice, Type } from '@nestjs/common';
import type { Actor, ServiceName } from '@inventory/contracts';
import pg from 'pg';
import { withDatabase } from '../database/ensure-database.js';
import { createService } from '../nats/bootstrap-service.js';

/**
 * Helpers for integration tests on the real servers (the test profile's PostgreSQL, NATS, Redis and
 * S3 store, started by `npm test`).
 */
export const testServers = {
  natsUrl: () => process.env.NATS_URL ?? 'nats://127.0.0.1:24222',
  pgUrl: () => process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:25432',
};

export interface RunningServices {
  apps: Map<ServiceName, INestMicroservice>;
  stop(name: ServiceName): Promise<void>;
  close(): Promise<void>;
}

/** Boots services in this process, each in its queue group on the real NATS server. */
export async function startServices(services: Partial<Record<ServiceName, Type<unknown>>>): Promise<RunningServices> {
  const apps = new Map<ServiceName, INestMicroservice>();
  const entries = Object.entries(services) as [ServiceName, Type<unknown>][];
  const stop = async (name: ServiceName) => {
    await apps.get(name)?.close();
    apps.delete(name);
  };
  const close = async () => void (await Promise.all([...apps.keys()].map(stop)));
  const started = await Promise.allSettled(
    entries.map(async ([name, module]) => apps.set(name, await createService({ name, module, natsUrl: testServers.natsUrl() }))),
  );
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    // The ones that did start are closed: left running, their consumers would hold their durables
    // after this test file ends and keep later files' consumers from catching up.
    await close();
    throw failed.reason;
  }
  return { apps, stop, close };
}

/** One query on a database of the test PostgreSQL server. */
export async function queryDb<T extends pg.QueryResultRow = pg.QueryResultRow>(
  dbName: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabase(testServers.pgUrl(), dbName) });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * What a database's public tables are made of, as sorted text: every index, constraint, trigger
 * (and whether it is enabled) and storage parameter, and which tables have statistics. A rebuild that swaps in copies
 * (shadowTables) must leave it as it found it.
 */
export const schemaOf = (dbName: string): Promise<string[]> =>
  queryDb<{ definition: string }>(
    dbName,
    `SELECT indexdef AS definition FROM pg_indexes WHERE schemaname = 'public'
     UNION ALL SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace
     UNION ALL SELECT pg_get_triggerdef(t.oid) || CASE WHEN t.tgenabled = 'D' THEN ' (disabled)' ELSE '' END
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
     UNION ALL SELECT relname || ' ' || array_to_string(reloptions, ', ') FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND reloptions IS NOT NULL
     UNION ALL SELECT 'analyzed ' || relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL
     UNION ALL SELECT 'schema ' || nspname FROM pg_namespace WHERE nspname !~ '^pg_' AND nspname <> 'information_schema'
     ORDER BY 1`,
  ).then((rows) => rows.map((row) => row.definition));

/** Polls until the check passes (returns a truthy value) or the time is up. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw lastError instanceof Error ? lastError : new Error(`condition not met within ${timeoutMs} ms`);
}

export { FakeItem, publishEvents } from './fake-item.js';
export { connectRpcClient, type TestRpcClient } from './rpc-client.js';
export { consumerCaughtUp } from './consumer-lag.js';

/**
 * An actor working in their personal workspace (whose id is the user's id), as the gateway sends
 * it for a solo user. Pass a workspace and role to act as a member of someone else's workspace.
 */
export function testActor(
  userId: string,
  { role = 'user', workspaceId = userId, workspaceRole = 'owner' }: Partial<Pick<Actor, 'role' | 'workspaceId' | 'workspaceRole'>> = {},
): Actor {
  return { userId, role, workspaceId, workspaceRole, userName: `Tester ${userId.slice(-6)}` };
}
export { jobsDrained } from './queues.js';
