import { DEMO_USER_ID, IdentityMessages, InventoryMessages, ReportMessages, type PublicUser } from '@inventory/contracts';
import { MAX_INPUT_DEPTH, SafeInputMessages } from '@inventory/platform';
import { queryDb } from '@inventory/platform/testing';
import { randomInt, randomUUID } from 'node:crypto';
import { ApiClient, signInAsSuperAdmin, uniqueEmail } from './support/api-client.js';
import { captureLogs } from './support/logs.js';
import { startSystem, type System } from './support/system.js';

/**
 * The findings of an outside probe (docs/security.md), one block each: what the product answers
 * now. Each test's client leaves from its own loopback address, so rate limits and sign-in backoff
 * never carry over between tests; the gateway trusts no X-Forwarded-For (the default).
 */
const HOOK_TIMEOUT_MS = 60_000;
const RATE_LIMIT = 8;
let system: System;
let logs: ReturnType<typeof captureLogs>;

beforeAll(async () => {
  process.env.AUTH_RATE_LIMIT = String(RATE_LIMIT);
  process.env.LOG_LEVEL = 'log';
  logs = captureLogs();
  system = await startSystem();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await system?.close();
  logs?.stop();
}, HOOK_TIMEOUT_MS);

/** A client on a loopback address of its own (127.x.y.z). */
const newClient = () => new ApiClient(system.baseUrl, { localAddress: `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}` });

async function signUp(client = newClient(), email = uniqueEmail()): Promise<{ client: ApiClient; user: PublicUser; email: string }> {
  const res = await client.post('/api/auth/register', { firstName: 'Hard', lastName: 'Ening', email, password: 'secret-123' });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { client, user: (await res.json()) as PublicUser, email };
}

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('1. the shared demo account', () => {
  it('cannot be promoted or edited by a super admin', async () => {
    const admin = await signInAsSuperAdmin(system.baseUrl, newClient());
    const res = await admin.put(`/api/admin/users/${DEMO_USER_ID}`, {
      firstName: 'Demo',
      lastName: 'User',
      email: 'demo@example.com',
      role: 'super_admin',
    });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe(IdentityMessages.demoUserImmutable);
    const demo = newClient();
    await demo.post('/api/auth/demo-login');
    expect(((await (await demo.get('/api/auth/user')).json()) as PublicUser).role).toBe('user');
  });

  it('keeps its profile when a visitor tries to rename it', async () => {
    const demo = newClient();
    await demo.post('/api/auth/demo-login');
    const before = (await (await demo.get('/api/auth/user')).json()) as PublicUser;
    const res = await demo.put('/api/auth/profile', { firstName: 'Pwned', lastName: 'Everyone', email: before.email });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe(IdentityMessages.demoUserImmutable);
    expect(((await (await demo.get('/api/auth/user')).json()) as PublicUser).firstName).toBe(before.firstName);
  });
});

describe('2. control characters and broken Unicode', () => {
  it.each([
    ['a NUL in a body field', { firstName: 'A\u0000B' }, 'firstName'],
    ['a bell character', { lastName: 'x\u0007' }, 'lastName'],
    ['a lone high surrogate', { firstName: '\ud800' }, 'firstName'],
    ['a lone low surrogate', { lastName: 'a\udc00b' }, 'lastName'],
  ])('refuses %s at sign-up with a 400 and logs no hash or SQL', async (_, override, field) => {
    const client = newClient();
    const email = uniqueEmail();
    const res = await client.post('/api/auth/register', { firstName: 'A', lastName: 'B', email, password: 'secret-123', ...override });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(SafeInputMessages.unsafeText(field));
    expect((await client.post('/api/auth/login', { email, password: 'secret-123' })).status).toBe(401);
  });

  it('refuses a NUL in a query or a path value', async () => {
    const { client } = await signUp();
    const query = await client.get('/api/inventory?search=%00');
    expect(query.status).toBe(400);
    expect(await messageOf(query)).toBe(SafeInputMessages.unsafeText('search'));
    const path = await client.get('/api/inventory/ab%00cd');
    expect(path.status).toBe(400);
    expect(await messageOf(path)).toBe(SafeInputMessages.unsafeText('id'));
  });

  it('keeps tabs and line breaks in text, which people do type', async () => {
    const { client } = await signUp();
    const res = await client.post('/api/inventory', { name: 'Tape', description: 'Line one\nLine two\tend', unitPrice: '1.00' });
    expect(res.status).toBe(201);
  });

  it('prints no password hash, no password and no SQL in any log', () => {
    const text = logs.text();
    expect(text).not.toMatch(/\$scrypt\$/);
    expect(text).not.toMatch(/secret-123/);
    expect(text).not.toMatch(/insert into|values \(/i);
  });
});

describe('3. the last super admin', () => {
  it('survives two super admins demoting each other at the same moment', async () => {
    const admin = await signInAsSuperAdmin(system.baseUrl, newClient());
    const me = (await (await admin.get('/api/auth/user')).json()) as PublicUser;
    const other = await signUp();
    // Exactly two super admins for the race: any others (from other suites) step aside meanwhile.
    const others = await queryDb<{ id: string }>('identity', `SELECT id FROM users WHERE role = 'super_admin' AND id <> $1`, [me.id]);
    await queryDb('identity', `UPDATE users SET role = 'user' WHERE id = ANY($1)`, [others.map((row) => row.id)]);
    try {
      const promote = await admin.put(`/api/admin/users/${other.user.id}`, {
        firstName: 'Hard',
        lastName: 'Ening',
        email: other.email,
        role: 'super_admin',
      });
      expect(promote.status).toBe(200);
      // The promotion is announced to sessions; sign in again so the session carries the new role.
      const second = newClient();
      expect((await second.post('/api/auth/login', { email: other.email, password: 'secret-123' })).status).toBe(200);
      const [a, b] = await Promise.all([
        admin.put(`/api/admin/users/${other.user.id}`, { firstName: 'Hard', lastName: 'Ening', email: other.email, role: 'user' }),
        second.put(`/api/admin/users/${me.id}`, {
          firstName: me.firstName ?? 'Super',
          lastName: me.lastName ?? 'Admin',
          email: me.email,
          role: 'user',
        }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const refused = a.status === 409 ? a : b;
      expect(await messageOf(refused)).toBe(IdentityMessages.lastSuperAdmin);
      const left = await queryDb('identity', `SELECT id FROM users WHERE role = 'super_admin' AND id = ANY($1)`, [[me.id, other.user.id]]);
      expect(left).toHaveLength(1);
    } finally {
      await queryDb('identity', `UPDATE users SET role = 'super_admin' WHERE id = ANY($1)`, [[me.id, ...others.map((row) => row.id)]]);
    }
  });
});

describe('4. categories and locations that do not exist', () => {
  it.each([['no-such-place'], ["' OR 1=1 --"], ['<b>x</b>'], [randomUUID()]])(
    'refuses category %j on item create (404, nothing written)',
    async (categoryId) => {
      const { client } = await signUp();
      const res = await client.post('/api/inventory', { name: 'Ghost', unitPrice: '1.00', categoryId });
      expect(res.status).toBe(404);
      expect(await messageOf(res)).toBe(InventoryMessages.categoryNotFound);
      expect(await (await client.get('/api/inventory')).json()).toEqual([]);
    },
  );

  it('refuses an unknown or foreign location on a movement, and accepts one of your own', async () => {
    const { client } = await signUp();
    const { client: stranger } = await signUp();
    const foreign = (await (await stranger.post('/api/locations', { name: 'Their shed', type: 'Storage' })).json()) as { id: string };
    const own = (await (await client.post('/api/locations', { name: 'Shelf', type: 'Storage' })).json()) as { id: string };
    const item = (await (await client.post('/api/inventory', { name: 'Bolt', unitPrice: '0.10' })).json()) as { id: string };
    for (const locationId of ['no-such-place', "' OR 1=1 --", foreign.id]) {
      const res = await client.post(`/api/inventory/${item.id}/stock`, { quantity: 3, movementType: 'in', reason: 'Delivery', locationId });
      expect(res.status).toBe(404);
      expect(await messageOf(res)).toBe(InventoryMessages.locationNotFound);
    }
    // Just created: the write waits for the replica instead of refusing it.
    const ok = await client.post(`/api/inventory/${item.id}/stock`, {
      quantity: 3,
      movementType: 'in',
      reason: 'Delivery',
      locationId: own.id,
    });
    expect(ok.status).toBe(201);
    expect(((await (await client.get(`/api/inventory/${item.id}`)).json()) as { currentStock: number }).currentStock).toBe(3);
  });
});

describe('5. deeply nested JSON', () => {
  it.each([MAX_INPUT_DEPTH + 2, 2_000])('answers 400 for a body nested %i levels deep', async (depth) => {
    const { client } = await signUp();
    const body = `{"name":${'['.repeat(depth)}${']'.repeat(depth)},"unitPrice":"1.00"}`;
    const res = await client.fetch('/api/inventory', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await csrf(client) },
      body,
    });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(SafeInputMessages.tooDeep);
  });

  it('refuses an 800 KB body nested 400,000 deep from its bytes, without stalling other requests', async () => {
    const { client } = await signUp();
    const body = '['.repeat(400_000) + ']'.repeat(400_000);
    const started = Date.now();
    const [deep, health] = await Promise.all([
      client.fetch('/api/inventory', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': await csrf(client) },
        body,
      }),
      (async () => {
        await new Promise((r) => setTimeout(r, 5));
        return client.get('/api/auth/user');
      })(),
    ]);
    expect(deep.status).toBe(400);
    expect(health.status).toBe(200);
    // Scanning 800 KB is a millisecond or two; parsing and transforming it took ~0.8 s before.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('6. dates out of range in reports', () => {
  it.each([
    ['/api/reports/inventory?asOf=0000-01-01', 'asOf'],
    ['/api/reports/inventory?asOf=0001-12-31T23:59:59Z', 'asOf'],
    ['/api/reports/inventory?range=custom&from=0000-01-01&to=2025-01-01', 'from'],
    ['/api/reports/value-history?range=custom&from=2025-01-01&to=0000-12-31', 'to'],
    ['/api/reports/movement-history?range=custom&from=0000-01-01&to=2025-01-01', 'from'],
  ] as const)('%s answers 400', async (path, field) => {
    const { client } = await signUp();
    const res = await client.get(path);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(ReportMessages.dateInvalid(field));
  });
});

describe('7. logout by a link from another site', () => {
  it('GET /api/logout changes nothing and sends the browser to the "Sign out?" page', async () => {
    const { client } = await signUp();
    const res = await client.get('/api/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/logout');
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('POST /api/logout without the CSRF token is refused', async () => {
    const { client } = await signUp();
    expect((await client.post('/api/logout', undefined, { csrf: false })).status).toBe(403);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('8. targeted lockout', () => {
  it("a stranger's wrong passwords slow the stranger, not the owner", async () => {
    const { email } = await signUp();
    const attacker = newClient();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await attacker.post('/api/auth/login', { email, password: `guess-${i}` })).status);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]).toBe(429);
    const owner = newClient();
    expect((await owner.post('/api/auth/login', { email, password: 'secret-123' })).status).toBe(200);
  });
});

describe('9. account enumeration', () => {
  it('sign-up and email change with a taken address do not say an account exists', async () => {
    const { email } = await signUp();
    const res = await newClient().post('/api/auth/register', { firstName: 'A', lastName: 'B', email, password: 'secret-123' });
    expect(res.status).toBe(409);
    const message = await messageOf(res);
    expect(message).toBe(IdentityMessages.emailInUse);
    expect(message).not.toMatch(/already exists/i);
    const { client } = await signUp();
    const change = await client.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email });
    expect(change.status).toBe(409);
    expect(await messageOf(change)).toBe(IdentityMessages.emailInUse);
  });
});

describe('10. rate limits and X-Forwarded-For', () => {
  it('a forged X-Forwarded-For does not buy more attempts', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const res = await client.post(
        '/api/auth/login',
        { email: uniqueEmail(), password: 'wrong-password' },
        { headers: { 'x-forwarded-for': `10.0.${i}.1` } },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
  });
});

describe('11. live alert streams', () => {
  it('one user holds at most 5 streams: opening more closes the oldest', async () => {
    const { client } = await signUp();
    const cookie = `connect.sid=${client.cookie('connect.sid')}`;
    const open = async () => {
      const controller = new AbortController();
      const res = await fetch(`${system.baseUrl}/api/alerts/stream`, {
        headers: { cookie, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      // ended: resolves true once the server closes the stream.
      const ended = (async () => {
        try {
          for (;;) if ((await reader.read()).done) return true;
        } catch {
          return false;
        }
      })();
      return { ended, close: () => controller.abort() };
    };
    const streams = [];
    for (let i = 0; i < 7; i++) streams.push(await open());
    const settled = await Promise.all(streams.map((s) => Promise.race([s.ended, new Promise((r) => setTimeout(() => r('open'), 1_000))])));
    expect(settled).toEqual([true, true, 'open', 'open', 'open', 'open', 'open']);
    streams.forEach((s) => s.close());
  });
});

async function csrf(client: ApiClient): Promise<string> {
  return ((await (await client.fetch('/api/auth/csrf')).json()) as { token: string }).token;
}
