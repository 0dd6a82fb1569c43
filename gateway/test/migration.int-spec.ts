import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SERVICE_NAMES, type CurrentUser, type ItemView, type LowStockAlertView, type MovementEntry } from '@inventory/contracts';
import { eventually, testServers } from '@inventory/platform/testing';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { WorkerModule } from '../../services/inventory/src/worker.module.js';
import { ApiClient } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/**
 * The five service databases as the product stored them before workspaces (fixtures/pre-workspaces,
 * dumped from the previous main after two users worked through the API) are put in place of the
 * test databases, and today's services start on them: their migrations run, and each user must
 * still see exactly their own items, movements, alerts and reports, now in their personal workspace.
 */
const HOOK_TIMEOUT_MS = 90_000;
const FIXTURES = new URL('./fixtures/pre-workspaces/', import.meta.url);
const SAVED = (name: string) => `${name}_saved_by_migration_test`;

interface Seeded {
  userId: string;
  email: string;
  password: string;
  categoryId: string;
  locationId: string;
  items: string[];
}
const manifest = JSON.parse(readFileSync(new URL('manifest.json', FIXTURES), 'utf8')) as Record<'Alice' | 'Bob', Seeded>;

async function onServer(work: (client: pg.Client) => Promise<void>, database = 'postgres'): Promise<void> {
  const client = new pg.Client({ connectionString: `${testServers.pgUrl()}/${database}` });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

let system: System | undefined;
let worker: INestApplicationContext | undefined;

beforeAll(async () => {
  // The test databases step aside (renamed back after the test); the fixtures take their names.
  await onServer(async (client) => {
    for (const name of SERVICE_NAMES) {
      await client.query(`DROP DATABASE IF EXISTS ${SAVED(name)} WITH (FORCE)`);
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) await client.query(`ALTER DATABASE ${name} RENAME TO ${SAVED(name)}`);
      await client.query(`CREATE DATABASE ${name}`);
    }
  });
  for (const name of SERVICE_NAMES)
    await onServer((client) => client.query(readFileSync(new URL(`${name}.sql`, FIXTURES), 'utf8')).then(() => undefined), name);
  system = await startSystem();
  worker = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await worker?.close();
  await system?.close();
  await onServer(async (client) => {
    for (const name of SERVICE_NAMES) {
      const saved = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [SAVED(name)]);
      if (!saved.rowCount) continue;
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`ALTER DATABASE ${SAVED(name)} RENAME TO ${name}`);
    }
  });
}, HOOK_TIMEOUT_MS);

const get = async <T>(client: ApiClient, path: string): Promise<T> => {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('a database from before workspaces', () => {
  it.each(['Alice', 'Bob'] as const)('still shows %s exactly their data, in their personal workspace', async (name) => {
    const seeded = manifest[name];
    const client = new ApiClient(system!.baseUrl);
    expect((await client.post('/api/auth/login', { email: seeded.email, password: seeded.password })).status).toBe(200);
    expect((await get<CurrentUser>(client, '/api/auth/user')).workspace).toEqual({
      id: seeded.userId,
      name: `${name}'s inventory`,
      role: 'owner',
    });

    const items = await get<ItemView[]>(client, '/api/inventory');
    expect(items.map((item) => item.id).sort()).toEqual([...seeded.items].sort());
    const drill = items.find((item) => item.name === `${name} drill`)!;
    expect(drill).toMatchObject({
      userId: seeded.userId,
      currentStock: 7,
      category: { name: `${name}'s tools` },
      location: { name: `${name}'s shelf` },
    });
    const movements = await get<MovementEntry[]>(client, `/api/inventory/${drill.id}/movements`);
    expect(movements.map((m) => [m.movementType, m.quantity, m.userId])).toEqual([
      ['in', 6, seeded.userId],
      ['out', 3, seeded.userId],
      ['in', 4, seeded.userId],
    ]);
    expect((await get<{ name: string }[]>(client, '/api/categories')).map((c) => c.name)).toEqual([`${name}'s tools`]);
    expect((await get<{ name: string; itemCount: number }[]>(client, '/api/locations')).map((l) => [l.name, l.itemCount])).toEqual([
      [`${name}'s shelf`, 1],
    ]);
    const alerts = await get<LowStockAlertView[]>(client, '/api/alerts/low-stock');
    expect(alerts.map((a) => a.item.name)).toEqual([`${name} glue`]);
    expect(await get(client, '/api/dashboard/stats')).toEqual({ totalItems: 2, lowStockItems: 1, totalValue: 175, categoriesCount: 1 });
    const recent = await get<{ item: { name: string } }[]>(client, '/api/dashboard/recent-movements');
    expect(recent.map((r) => r.item.name)).toEqual([`${name} drill`, `${name} drill`, `${name} drill`]);
    const report = await get<{ name: string }[]>(client, '/api/reports/inventory?type=inventory');
    expect(report.map((row) => row.name).sort()).toEqual([`${name} drill`, `${name} glue`]);
    // At the instant of each movement, the drill's stock after it: the versions kept before
    // Reporting0011 were given their ends there, and the report's walk keeps each by its end.
    for (const movement of movements) {
      const asOf = await get<{ rows: { name: string; currentStock: number }[] }>(
        client,
        `/api/reports/inventory?type=inventory&page=1&pageSize=50&asOf=${encodeURIComponent(movement.createdAt)}`,
      );
      expect([movement.createdAt, asOf.rows.find((row) => row.name === `${name} drill`)?.currentStock]).toEqual([
        movement.createdAt,
        movement.stockAfter,
      ]);
    }

    // Writing after the migration works as before, and is recorded under the user's name.
    const moved = await client.post(`/api/inventory/${drill.id}/stock`, {
      quantity: 1,
      movementType: 'in',
      reason: 'After',
      locationId: seeded.locationId,
    });
    expect(moved.status).toBe(201);
    expect(((await moved.json()) as { movement: MovementEntry }).movement).toMatchObject({
      userId: seeded.userId,
      userName: `${name} Premigration`,
    });
    await eventually(async () => (await get<{ totalValue: number }>(client, '/api/dashboard/stats')).totalValue === 200);
  });
});
