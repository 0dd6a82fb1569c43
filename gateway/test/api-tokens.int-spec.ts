import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { ApiTokenSubjects, type CreatedApiToken, type ItemView, type MovementEntry, type WorkspaceSummary } from '@inventory/contracts';
import { eventually, queryDb } from '@inventory/platform/testing';
import { Redis } from 'ioredis';
import type { AddressInfo } from 'node:net';
import { createGatewayApp } from '../src/app.factory.js';
import { SessionChangeFeed } from '../src/auth/session/session-change-feed.js';
import { IdentityClient } from '../src/nats/service-clients.js';
import { ApiClient, signUp, uniqueEmail, type SignedUp, json } from './support/api-client.js';
import { captureLogs } from './support/logs.js';
import { startSystem, type System } from './support/system.js';

/** Starting every service (and a second gateway) can take a while on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
const INVALID = { message: 'Invalid or expired API token' };
const NOT_FOR_TOKENS = { message: 'API tokens cannot be used for this; sign in instead' };

let system: System;
let other: INestApplication;
let otherUrl: string;
const logs = captureLogs();

beforeAll(async () => {
  system = await startSystem();
  other = await createGatewayApp();
  await other.listen(0, '127.0.0.1');
  otherUrl = `http://127.0.0.1:${(other.getHttpServer().address() as AddressInfo).port}`;
  await eventually(() => other.get(SessionChangeFeed).cache.enabled && system.gateway.get(SessionChangeFeed).cache.enabled);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  logs.stop();
  await other?.close();
  await system?.close();
}, HOOK_TIMEOUT_MS);

/** A script's call: the token and nothing else (no cookie, no CSRF token). */
function withToken(token: string, baseUrl = system.baseUrl) {
  return (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

async function createToken(
  user: SignedUp,
  body: Partial<{ name: string; workspaceId: string; role: string; expiresAt: string | null }> = {},
) {
  const res = await json<CreatedApiToken>(
    user.client.post('/api/tokens', { name: 'Shop sync', workspaceId: user.user.id, role: 'member', ...body }),
  );
  if (res.status !== 201) throw new Error(`token not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('personal API tokens', () => {
  it('let a script read and write the workspace without a cookie or CSRF token, recorded under the user', async () => {
    const user = await signUp(system.baseUrl, { firstName: 'Sam', lastName: 'Script' });
    const created = await createToken(user);
    expect(created).toMatchObject({
      name: 'Shop sync',
      role: 'member',
      workspaceId: user.user.id,
      workspaceName: "Sam's inventory",
      lastUsedAt: null,
    });
    expect(created.token).toMatch(/^inv_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    const call = withToken(created.token);
    expect(await json(call('GET', '/api/inventory'))).toEqual({ status: 200, body: [] });
    const item = await json<ItemView>(call('POST', '/api/inventory', { name: 'Token item', unitPrice: '1.00', currentStock: 2 }));
    expect(item).toMatchObject({ status: 201, body: { name: 'Token item', userId: user.user.id } });
    const history = await json<MovementEntry[]>(call('GET', `/api/inventory/${item.body.id}/movements`));
    expect(history.body[0]).toMatchObject({ userId: user.user.id, userName: 'Sam Script' });
    // The owner sees it in the browser session, and the token's last use.
    expect((await json<ItemView[]>(user.client.get('/api/inventory'))).body.map((i) => i.name)).toEqual(['Token item']);
    const [listed] = (await json<CreatedApiToken[]>(user.client.get('/api/tokens'))).body;
    expect(listed).toMatchObject({ id: created.id, prefix: created.prefix });
    expect(listed).not.toHaveProperty('token');
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('cannot manage users, tokens, memberships or the account', async () => {
    const user = await signUp(system.baseUrl);
    const call = withToken((await createToken(user, { role: 'owner' })).token);
    for (const [method, path, body] of [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'x', workspaceId: user.user.id, role: 'viewer' }],
      ['GET', '/api/workspaces'],
      ['POST', '/api/workspaces', { name: 'x' }],
      ['GET', `/api/workspaces/${user.user.id}/members`],
      ['GET', '/api/auth/user'],
      ['PUT', '/api/auth/profile', { firstName: 'x' }],
      ['GET', '/api/admin/users'],
    ] as const) {
      expect({ path, ...(await json(call(method, path, body))) }).toEqual({ path, status: 403, body: NOT_FOR_TOKENS });
    }
  });

  it('act with a role no higher than the user’s, and follow a demotion at once', async () => {
    const owner = await signUp(system.baseUrl);
    const shared = (await json<WorkspaceSummary>(owner.client.post('/api/workspaces', { name: 'Shared' }))).body;
    const email = uniqueEmail('member');
    const invitation = (
      await json<{ token: string }>(owner.client.post(`/api/workspaces/${shared.id}/invitations`, { email, role: 'member' }))
    ).body;
    const member = await signUp(system.baseUrl, { email });
    expect((await member.client.post(`/api/invitations/${invitation.token}/accept`)).status).toBe(200);
    expect(await json(member.client.post('/api/tokens', { name: 't', workspaceId: shared.id, role: 'admin' }))).toEqual({
      status: 403,
      body: { message: 'A token cannot have a higher role than yours in that workspace' },
    });
    expect(await json(member.client.post('/api/tokens', { name: 't', workspaceId: uniqueEmail(), role: 'viewer' }))).toEqual({
      status: 404,
      body: { message: 'Workspace not found' },
    });
    const viewerToken = withToken((await createToken(member, { workspaceId: shared.id, role: 'viewer' })).token);
    expect(await json(viewerToken('POST', '/api/categories', { name: 'Nope' }))).toEqual({
      status: 403,
      body: { message: 'Your role in this workspace does not allow this' },
    });
    expect((await viewerToken('GET', '/api/categories')).status).toBe(200);
    const memberToken = withToken((await createToken(member, { workspaceId: shared.id, role: 'member' })).token, otherUrl);
    expect((await memberToken('POST', '/api/categories', { name: 'Yes' })).status).toBe(201);
    // The owner makes the member a viewer: their member token now writes nothing, on either gateway.
    expect((await owner.client.patch(`/api/workspaces/${shared.id}/members/${member.user.id}`, { role: 'viewer' })).status).toBe(200);
    expect((await memberToken('POST', '/api/categories', { name: 'Later' })).status).toBe(403);
    // Removed from the workspace: the token no longer works at all.
    expect((await owner.client.delete(`/api/workspaces/${shared.id}/members/${member.user.id}`)).status).toBe(204);
    expect(await json(memberToken('GET', '/api/categories'))).toEqual({ status: 401, body: INVALID });
  });

  it('reach only their own workspace', async () => {
    const [a, b] = [await signUp(system.baseUrl), await signUp(system.baseUrl)];
    const theirs = (await json<ItemView>(b.client.post('/api/inventory', { name: 'B only', unitPrice: '1.00' }))).body;
    const call = withToken((await createToken(a)).token);
    expect((await call('GET', `/api/inventory/${theirs.id}`)).status).toBe(404);
    expect((await call('POST', `/api/inventory/${theirs.id}/stock`, { quantity: 1, movementType: 'in', reason: 'x' })).status).toBe(404);
    expect(await json(call('GET', '/api/inventory'))).toEqual({ status: 200, body: [] });
  });

  it('are refused at once when revoked, on every gateway, and when expired', async () => {
    const user = await signUp(system.baseUrl);
    const created = await createToken(user);
    const here = withToken(created.token);
    const there = withToken(created.token, otherUrl);
    expect((await here('GET', '/api/inventory')).status).toBe(200);
    expect((await there('GET', '/api/inventory')).status).toBe(200);
    expect((await user.client.delete(`/api/tokens/${created.id}`)).status).toBe(204);
    expect(await json(here('GET', '/api/inventory'))).toEqual({ status: 401, body: INVALID });
    expect(await json(there('GET', '/api/inventory'))).toEqual({ status: 401, body: INVALID });
    expect((await json<unknown[]>(user.client.get('/api/tokens'))).body).toEqual([]);
    expect((await user.client.delete(`/api/tokens/${created.id}`)).status).toBe(404);

    const shortLived = await createToken(user, { expiresAt: new Date(Date.now() + 1500).toISOString() });
    const call = withToken(shortLived.token);
    expect((await call('GET', '/api/inventory')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(await json(call('GET', '/api/inventory'))).toEqual({ status: 401, body: INVALID });
    expect(
      await json(
        user.client.post('/api/tokens', { name: 'Old', workspaceId: user.user.id, role: 'member', expiresAt: '2020-01-01T00:00:00Z' }),
      ),
    ).toEqual({
      status: 400,
      body: { message: 'Expiry must be a future date' },
    });
  });

  it('are checked once for the requests that arrive together with one, each answered', async () => {
    const user = await signUp(system.baseUrl);
    const created = await createToken(user);
    const call = withToken(created.token);
    const together = () => Promise.all(Array.from({ length: 20 }, () => call('GET', '/api/inventory?limit=1')));
    // Twenty connections kept open first, so that the twenty requests arrive at once.
    expect((await together()).map((res) => res.status)).toEqual(Array(20).fill(200));
    // A change notice for the user drops the checked token, as when its 10 s are up.
    await system.gateway.get(SessionChangeFeed).announce({ userId: user.user.id });
    const ask = jest.spyOn(system.gateway.get(IdentityClient), 'call');
    try {
      expect((await together()).map((res) => res.status)).toEqual(Array(20).fill(200));
      expect(ask.mock.calls.filter(([subject]) => subject === ApiTokenSubjects.authenticate).length).toBe(1);
    } finally {
      ask.mockRestore();
    }
  });

  it('are refused on the next request when revoked while a request was being checked', async () => {
    const user = await signUp(system.baseUrl);
    const created = await createToken(user);
    const identity = system.gateway.get(IdentityClient);
    const call = identity.call.bind(identity);
    let revoked = false;
    // The real check, with the revocation made after identity answered and before the gateway kept it.
    const ask = jest.spyOn(identity, 'call').mockImplementation(async (...args: Parameters<typeof call>) => {
      const answer = await call(...args);
      if (args[0] === ApiTokenSubjects.authenticate && !revoked) {
        revoked = true;
        expect((await user.client.delete(`/api/tokens/${created.id}`)).status).toBe(204);
      }
      return answer;
    });
    try {
      expect((await withToken(created.token)('GET', '/api/inventory?limit=1')).status).toBe(200);
      expect(await json(withToken(created.token)('GET', '/api/inventory?limit=1'))).toEqual({ status: 401, body: INVALID });
    } finally {
      ask.mockRestore();
    }
  });

  it('answer an unknown or malformed token 401, and a token over its rate limit 429 with Retry-After', async () => {
    expect(await json(withToken('inv_nope')('GET', '/api/inventory'))).toEqual({ status: 401, body: INVALID });
    expect(await json(fetch(`${system.baseUrl}/api/inventory`, { headers: { authorization: 'Basic abc' } }))).toEqual({
      status: 401,
      body: INVALID,
    });
    const user = await signUp(system.baseUrl);
    const created = await createToken(user);
    // The limit (API_TOKEN_RATE_LIMIT, 600 a minute) is counted in Redis for all gateways: fill it.
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:26379');
    try {
      await redis.set(`rate-limit:api-token:${created.id}`, '600', 'PX', 60_000);
    } finally {
      redis.disconnect();
    }
    const limited = await withToken(created.token)('GET', '/api/inventory');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: 'Too many requests for this API token. Please try again later.' });
  });

  it('never reach a log, and are stored only as a digest', async () => {
    const user = await signUp(system.baseUrl);
    const created = await createToken(user);
    await withToken(created.token)('GET', '/api/inventory');
    await withToken(`${created.token}x`)('GET', '/api/inventory');
    expect(logs.text()).not.toContain(created.token.slice(4));
    const [row] = await queryDb<{ token_hash: string; prefix: string }>(
      'identity',
      'SELECT token_hash, prefix FROM api_tokens WHERE id = $1',
      [created.id],
    );
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(created.token.slice(4));
  });

  it('are described in the OpenAPI document, whose page can try calls with one', async () => {
    const spec = (await (await fetch(`${system.baseUrl}/api/docs-json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      security?: Record<string, string[]>[];
    };
    expect(spec.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.security).toContainEqual({ apiToken: [] });
  });

  it("answer another user's token id 404 and bad input 400, writing nothing", async () => {
    const [a, b] = [await signUp(system.baseUrl), await signUp(system.baseUrl)];
    const theirs = await createToken(b);
    expect(await json(a.client.delete(`/api/tokens/${theirs.id}`))).toEqual({ status: 404, body: { message: 'API token not found' } });
    expect((await withToken(theirs.token)('GET', '/api/inventory')).status).toBe(200);
    const create = (body: object) => json(a.client.post('/api/tokens', { name: 'x', workspaceId: a.user.id, role: 'member', ...body }));
    expect(await create({ name: 'Bad\u0000name' })).toMatchObject({ status: 400 });
    expect(await create({ name: 'x'.repeat(101) })).toEqual({
      status: 400,
      body: { message: 'Token name must be at most 100 characters' },
    });
    expect(await create({ expiresAt: 'next tuesday' })).toEqual({ status: 400, body: { message: 'Expiry must be a future date' } });
    expect(await create({ expiresAt: '2026-02-30T00:00:00Z' })).toEqual({ status: 400, body: { message: 'Expiry must be a future date' } });
    expect(await create({ role: 'root' })).toEqual({ status: 400, body: { message: 'Role must be owner, admin, member or viewer' } });
    expect(await create({ name: { nested: { deeper: true } } })).toMatchObject({ status: 400 });
    expect((await json<unknown[]>(a.client.get('/api/tokens'))).body).toEqual([]);
  });

  it('cannot be made by the demo account', async () => {
    const demo = new ApiClient(system.baseUrl);
    expect((await demo.post('/api/auth/demo-login')).status).toBe(200);
    expect(await json(demo.post('/api/tokens', { name: 'x', workspaceId: 'demo-user', role: 'viewer' }))).toEqual({
      status: 403,
      body: { message: 'The demo account cannot be changed' },
    });
  });
});
