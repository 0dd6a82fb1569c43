import { withDatabase } from '@inventory/platform';
import { eventually, testServers } from '@inventory/platform/testing';
import pg from 'pg';
import { signUp, type ApiClient } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/**
 * A service's database that cannot be reached (docs/operations.md, "The cluster"): its requests are
 * answered 503 with a message a person can act on, never 500, and served again once it is back,
 * without restarting anything.
 */
let system: System;
let client: ApiClient;

beforeAll(async () => {
  system = await startSystem();
  client = (await signUp(system.baseUrl)).client;
}, 90_000);
afterAll(() => system?.close());

/** No new connection to `database`, every open one ended, while `during` runs. */
async function outage(database: string, during: () => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(testServers.pgUrl(), 'postgres') });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
    await during();
  } finally {
    await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    await admin.end();
  }
}

it("answers 503 with a message while a service's database cannot be reached, and serves again once it can", async () => {
  const created = await client.request('POST', '/api/categories', { name: 'Before the outage' });
  expect(created.status).toBe(201);

  await outage('catalog', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/categories', undefined],
      ['POST', '/api/categories', { name: 'During the outage' }],
    ] as const) {
      const res = await client.request(method, path, body);
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 503,
        body: { message: 'The database is unavailable for a moment. Try again in a few seconds.' },
      });
    }
  });

  const names = await eventually(async () => {
    const res = await client.request('GET', '/api/categories');
    return res.status === 200 && ((await res.json()) as { name: string }[]).map((c) => c.name);
  }, 15_000);
  expect(names).toEqual(['Before the outage']); // the refused write left nothing behind
});
