import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { eventually } from '@inventory/platform/testing';
import type { PublicUser } from '@inventory/contracts';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { createGatewayApp } from '../src/app.factory.js';
import { SessionCache } from '../src/auth/session/session-cache.js';
import { SessionChangeFeed } from '../src/auth/session/session-change-feed.js';
import { SESSION_COOKIE } from '../src/auth/session/session.middleware.js';
import { PG_POOL } from '../src/connections/connections.module.js';
import { ApiClient, ok, signInAsSuperAdmin, signUp } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/** Starting and stopping every service can take a while on a busy machine (Jest's hook default is 5 s). */
const HOOK_TIMEOUT_MS = 60_000;

/**
 * Each gateway instance caches the sessions it read. Two instances on the same database and NATS:
 * whatever changes a session through one must hold on the other at once, though the other has
 * the old session in its cache.
 */
let system: System;
let other: INestApplication;
let otherUrl: string;
let admin: ApiClient;

beforeAll(async () => {
  system = await startSystem();
  other = await createGatewayApp();
  await other.listen(0, '127.0.0.1');
  otherUrl = `http://127.0.0.1:${(other.getHttpServer().address() as AddressInfo).port}`;
  admin = await signInAsSuperAdmin(system.baseUrl);
  await eventually(() => cacheOf(system.gateway).enabled && cacheOf(other).enabled);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await other?.close();
  await system?.close();
}, HOOK_TIMEOUT_MS);

const cacheOf = (app: INestApplication) => app.get(SessionChangeFeed).cache;

/** The session id inside the signed cookie value "s:<id>.<signature>". */
const sessionIdOf = (client: ApiClient) =>
  decodeURIComponent(client.cookie(SESSION_COOKIE)!)
    .slice(2)
    .replace(/\.[^.]*$/, '');

/**
 * The same session, used through the other instance, which then holds it in its cache. (A read is
 * not kept if any session changed meanwhile, as other test files' gateways on this NATS may do.)
 */
async function cachedOnOther(client: ApiClient): Promise<ApiClient> {
  const there = client.copy(otherUrl);
  await eventually(async () => {
    expect((await there.get('/api/auth/user')).status).toBe(200);
    return cacheOf(other).get(sessionIdOf(there)) !== undefined;
  });
  return there;
}

const edit = (user: PublicUser, role: string) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email, role });

describe('sessions across gateway instances', () => {
  it('a sign-out through one instance ends the session on the other at once', async () => {
    const { client } = await signUp(system.baseUrl);
    const there = await cachedOnOther(client);
    expect((await client.post('/api/logout')).status).toBe(204);
    expect((await there.get('/api/auth/user')).status).toBe(401);
    expect((await there.get('/api/inventory')).status).toBe(401);
  });

  it('a sign-in through one instance kills the cookie from before it on the other', async () => {
    const { client, email, password } = await signUp(system.baseUrl);
    const before = await cachedOnOther(client);
    expect((await client.post('/api/auth/login', { email, password })).status).toBe(200);
    expect((await before.get('/api/auth/user')).status).toBe(401);
    expect((await client.copy(otherUrl).get('/api/auth/user')).status).toBe(200);
  });

  it('logout from all devices through one instance ends every session of the user on the other', async () => {
    const { client: laptop, email, password } = await signUp(system.baseUrl);
    const phone = new ApiClient(otherUrl);
    expect((await phone.post('/api/auth/login', { email, password })).status).toBe(200);
    const laptopThere = await cachedOnOther(laptop);
    const someoneElse = await cachedOnOther((await signUp(system.baseUrl)).client);
    expect((await phone.get('/api/auth/user')).status).toBe(200);
    expect((await laptop.post('/api/auth/logout-all')).status).toBe(204);
    expect((await laptopThere.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await someoneElse.get('/api/auth/user')).status).toBe(200);
  });

  it('a role change through one instance applies to the session on the other at once', async () => {
    const { client, user } = await signUp(system.baseUrl);
    const there = await cachedOnOther(client);
    expect((await there.get('/api/admin/users')).status).toBe(403);
    expect((await admin.put(`/api/admin/users/${user.id}`, edit(user, 'super_admin'))).status).toBe(200);
    expect((await there.get('/api/admin/users')).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${user.id}`, edit(user, 'user'))).status).toBe(200);
    expect((await there.get('/api/admin/users')).status).toBe(403);
  });

  it('a user removed through one instance is signed out on the other at once', async () => {
    const { client, user } = await signUp(system.baseUrl);
    const there = await cachedOnOther(client);
    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(204);
    expect((await there.get('/api/inventory')).status).toBe(401);
  });
});

describe('the session cache', () => {
  it('requests of one session that miss the cache together read the session table once, and each is signed in', async () => {
    const { client, user } = await signUp(system.baseUrl);
    const pool = system.gateway.get<pg.Pool>(PG_POOL);
    const together = () => Promise.all(Array.from({ length: 20 }, () => ok<PublicUser>(client.get('/api/auth/user'))));
    // Twenty connections kept open first, so that the twenty requests arrive at once.
    await together();
    // As when the cached copy expires under a busy client (SESSION_CACHE_TTL_MS).
    cacheOf(system.gateway).forget({ sessionDigests: [SessionCache.digestOf(sessionIdOf(client))] });
    const query = jest.spyOn(pool, 'query');
    try {
      const answers = await together();
      expect(answers.map((answer) => answer.id)).toEqual(Array(20).fill(user.id));
      const sessionReads = query.mock.calls.filter(([statement]) => (statement as unknown as pg.QueryConfig).name === 'session-get');
      expect(sessionReads.length).toBe(1);
    } finally {
      query.mockRestore();
    }
  });
});
