import type { PublicConfig } from '@inventory/contracts';
import { randomInt } from 'node:crypto';
import { ApiClient, uniqueEmail } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/** Starting and stopping every service can take a while on a busy machine (Jest's hook default is 5 s). */
const HOOK_TIMEOUT_MS = 60_000;

/** The production profile's switches, a tight rate limit and Google sign-in configured. */
const RATE_LIMIT = 3;
let system: System;

beforeAll(async () => {
  Object.assign(process.env, {
    DEMO_LOGIN_ENABLED: 'false',
    SUPER_ADMIN_SHORTCUT_ENABLED: 'false',
    AUTH_RATE_LIMIT: String(RATE_LIMIT),
    // As behind a proxy on this machine, so each test can come from an address of its own.
    TRUST_PROXY: 'loopback',
    GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'test-secret',
  });
  system = await startSystem();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await system?.close();
}, HOOK_TIMEOUT_MS);

/** Each test comes from its own client address (trusted X-Forwarded-For), so counters never carry over. */
const fromNewAddress = () => {
  const client = new ApiClient(system.baseUrl);
  const headers = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
  return { client, headers };
};

describe('one-click sign-ins switched off', () => {
  it.each(['/api/auth/demo-login', '/api/auth/admin-login'])('%s answers 404', async (path) => {
    const { client, headers } = fromNewAddress();
    const res = await client.post(path, path.endsWith('admin-login') ? { email: 'admin@example.com' } : undefined, { headers });
    expect(res.status).toBe(404);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('hides them (and the super admin email) from the login page, and shows Google', async () => {
    expect((await (await fetch(`${system.baseUrl}/api/config`)).json()) as PublicConfig).toEqual({
      demoLoginEnabled: false,
      superAdminShortcutEnabled: false,
      googleEnabled: true,
      oidcEnabled: false,
    });
  });
});

describe('rate limits per client address', () => {
  it('answers 429 with Retry-After once an address exceeds the limit, and not another address', async () => {
    const { client, headers } = fromNewAddress();
    const attempt = () => client.post('/api/auth/login', { email: uniqueEmail('flood'), password: 'wrong-password' }, { headers });
    for (let i = 0; i < RATE_LIMIT; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
    const other = fromNewAddress();
    expect((await other.client.post('/api/auth/login', { email: uniqueEmail(), password: 'x' }, { headers: other.headers })).status).toBe(
      401,
    );
  });

  it('limits registration too', async () => {
    const { client, headers } = fromNewAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) {
      const input = { firstName: 'R', lastName: 'L', email: uniqueEmail('reg'), password: 'secret-123' };
      statuses.push((await client.post('/api/auth/register', input, { headers })).status);
    }
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(201), 429]);
  });
});

describe('Google sign-in configured', () => {
  it('sends the browser to Google with state and PKCE, remembered in a session', async () => {
    const client = new ApiClient(system.baseUrl);
    const res = await client.get('/api/auth/google');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('test-client.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe(`${system.baseUrl}/api/auth/google/callback`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(client.cookie('connect.sid')).toBeDefined();
  });

  it('refuses a callback that does not match a started sign-in', async () => {
    const res = await new ApiClient(system.baseUrl).get('/api/auth/google/callback?code=stolen&state=forged');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=google_failed');
  });
});
