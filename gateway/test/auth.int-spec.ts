import { DEFAULT_SUPER_ADMIN_EMAIL, DEMO_USER_ID, IdentityMessages, type PublicConfig, type PublicUser } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import { ApiClient, signUp, uniqueEmail } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/** Starting and stopping every service can take a while on a busy machine (Jest's hook default is 5 s). */
const HOOK_TIMEOUT_MS = 60_000;

let system: System;
const client = () => new ApiClient(system.baseUrl);
const currentUser = async (c: ApiClient) => c.get('/api/auth/user');

beforeAll(async () => {
  // As behind a TLS-terminating proxy on this machine: X-Forwarded-Proto is believed from loopback only.
  process.env.TRUST_PROXY = 'loopback';
  system = await startSystem();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await system?.close();
}, HOOK_TIMEOUT_MS);

describe('registration', () => {
  it('creates the account, signs in at once and never returns the password', async () => {
    const { client: c, user, email } = await signUp(system.baseUrl, { firstName: 'Ada', lastName: 'Lovelace' });
    expect(user).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', role: 'user', hasPassword: true });
    expect(JSON.stringify(user)).not.toMatch(/secret-123|scrypt|"password/);
    const me = await currentUser(c);
    expect(me.status).toBe(200);
    expect(((await me.json()) as PublicUser).id).toBe(user.id);
  });

  it.each([
    ['a blank first name', { firstName: '' }, IdentityMessages.firstNameRequired],
    ['no last name', { lastName: undefined }, IdentityMessages.lastNameRequired],
    ['a malformed email', { email: `not-an-email-${randomUUID()}` }, IdentityMessages.invalidEmail],
    ['a 5-character password', { password: '12345' }, IdentityMessages.passwordTooShort],
  ])('refuses %s with 400 "%s" and creates nothing', async (_case, change, message) => {
    const c = client();
    const input = { firstName: 'A', lastName: 'B', email: uniqueEmail('bad'), password: 'secret-123', ...change };
    const res = await c.post('/api/auth/register', input);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect((await c.post('/api/auth/login', { email: input.email, password: 'secret-123' })).status).toBe(401);
    expect((await currentUser(c)).status).toBe(401);
  });

  it('answers an email already in use with 409, whatever its case', async () => {
    const { email } = await signUp(system.baseUrl);
    const res = await client().post('/api/auth/register', {
      firstName: 'A',
      lastName: 'B',
      email: email.toUpperCase(),
      password: 'secret-123',
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: IdentityMessages.emailInUse });
  });
});

describe('email sign-in', () => {
  it('signs in and rotates the session id: the cookie from before is dead', async () => {
    const { client: c, email, password } = await signUp(system.baseUrl);
    const before = c.copy();
    const oldSid = c.cookie('connect.sid');
    const res = await c.post('/api/auth/login', { email, password });
    expect(res.status).toBe(200);
    expect(c.cookie('connect.sid')).toBeDefined();
    expect(c.cookie('connect.sid')).not.toBe(oldSid);
    expect((await currentUser(c)).status).toBe(200);
    expect((await currentUser(before)).status).toBe(401);
  });

  it('answers an unknown email and a wrong password with the same 401', async () => {
    const { email } = await signUp(system.baseUrl);
    const wrong = await client().post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await client().post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'wrong-password' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual({ message: IdentityMessages.invalidCredentials });
    expect(await unknown.json()).toEqual({ message: IdentityMessages.invalidCredentials });
  });

  it('requires email and password', async () => {
    const res = await client().post('/api/auth/login', { email: 'a@b.c' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: IdentityMessages.passwordRequired });
  });

  it('makes an account wait after repeated failures, even with the right password', async () => {
    const { email, password } = await signUp(system.baseUrl);
    const c = client();
    for (let i = 0; i < 5; i++) expect((await c.post('/api/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
    const res = await c.post('/api/auth/login', { email, password });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/);
    expect((await currentUser(c)).status).toBe(401);
  });
});

describe('one-click sign-ins (enabled in the local profile)', () => {
  it('signs in as the demo user', async () => {
    const c = client();
    const res = await c.post('/api/auth/demo-login');
    expect(res.status).toBe(200);
    expect(((await (await currentUser(c)).json()) as PublicUser).id).toBe(DEMO_USER_ID);
  });

  it('signs in the configured super admin without a password, and nobody else', async () => {
    const c = client();
    const res = await c.post('/api/auth/admin-login', { email: DEFAULT_SUPER_ADMIN_EMAIL });
    expect(res.status).toBe(200);
    expect(((await (await currentUser(c)).json()) as PublicUser).role).toBe('super_admin');
    const { email } = await signUp(system.baseUrl);
    expect((await client().post('/api/auth/admin-login', { email })).status).toBe(401);
  });

  it('tells the login page which options exist, without touching sessions', async () => {
    const res = await fetch(`${system.baseUrl}/api/config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await res.json()) as PublicConfig).toEqual({
      demoLoginEnabled: true,
      superAdminShortcutEnabled: true,
      superAdminEmail: DEFAULT_SUPER_ADMIN_EMAIL,
      googleEnabled: false,
      oidcEnabled: false,
    });
  });
});

describe('the session', () => {
  it('answers 401 for the current user when signed out', async () => {
    const res = await currentUser(client());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('requires a signed-in user on every API route that is not public', async () => {
    const c = client();
    expect((await c.put('/api/auth/profile', { firstName: 'X' })).status).toBe(401);
    expect((await c.get('/api/admin/users')).status).toBe(401);
    for (const path of ['/api/health', '/API/Health/', '/api/config']) expect((await c.get(path)).status).not.toBe(401);
  });

  it('sets an HttpOnly, SameSite=Lax cookie, Secure when the request came over TLS', async () => {
    const plain = await client().post('/api/auth/demo-login');
    const cookie = plain.headers.getSetCookie().find((c) => c.startsWith('connect.sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    // Behind a trusted TLS-terminating proxy (TRUST_PROXY): X-Forwarded-Proto says https.
    const tls = await client().post('/api/auth/demo-login', undefined, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.getSetCookie().find((c) => c.startsWith('connect.sid='))).toMatch(/Secure/);
  });

  it('logout (POST) ends the session: the old cookie is dead', async () => {
    const { client: c } = await signUp(system.baseUrl);
    const kept = c.copy();
    expect((await c.post('/api/logout')).status).toBe(204);
    expect((await currentUser(c)).status).toBe(401);
    expect((await currentUser(kept)).status).toBe(401);
  });

  it('logout (GET, browser navigation) only leads to the "Sign out?" page: a link cannot end the session', async () => {
    const { client: c } = await signUp(system.baseUrl);
    const res = await c.get('/api/logout');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/logout');
    expect((await currentUser(c)).status).toBe(200);
  });

  it('logout from all devices ends every session of the user and no one else’s', async () => {
    const { client: laptop, email, password } = await signUp(system.baseUrl);
    const phone = client();
    await phone.post('/api/auth/login', { email, password });
    const someoneElse = (await signUp(system.baseUrl)).client;
    const laptopCookie = laptop.copy();
    expect((await laptop.post('/api/auth/logout-all')).status).toBe(204);
    expect((await currentUser(laptopCookie)).status).toBe(401);
    expect((await currentUser(phone)).status).toBe(401);
    expect((await currentUser(someoneElse)).status).toBe(200);
  });
});

describe('CSRF protection of cookie-authenticated writes', () => {
  it('refuses a write without the token, and changes nothing', async () => {
    const { client: c } = await signUp(system.baseUrl);
    const res = await c.post('/api/auth/logout-all', undefined, { csrf: false });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Invalid CSRF token' });
    expect((await currentUser(c)).status).toBe(200);
  });

  it('refuses a write from a foreign origin, even with a valid token', async () => {
    const { client: c } = await signUp(system.baseUrl);
    const res = await c.post('/api/auth/logout-all', undefined, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Cross-site request refused (CSRF)' });
    const crossSite = await c.post('/api/auth/logout-all', undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await currentUser(c)).status).toBe(200);
  });

  it('binds the token to the session: a token from before sign-in no longer works after it', async () => {
    const c = client();
    const { token } = (await (await c.fetch('/api/auth/csrf')).json()) as { token: string };
    const { email, password } = await signUp(system.baseUrl);
    expect((await c.post('/api/auth/login', { email, password })).status).toBe(200);
    const stale = await c.post('/api/auth/logout-all', undefined, { csrf: false, headers: { 'x-csrf-token': token } });
    expect(stale.status).toBe(403);
    expect((await c.post('/api/auth/logout-all')).status).toBe(204); // a fresh token works
  });

  it('also guards sign-in against login CSRF', async () => {
    const { email, password } = await signUp(system.baseUrl);
    expect((await client().post('/api/auth/login', { email, password }, { csrf: false })).status).toBe(403);
  });
});

describe('external sign-in when not configured', () => {
  it.each([
    ['/api/auth/google', '/login?error=google_not_configured'],
    ['/api/login', '/login?error=oidc_not_configured'],
  ])('%s redirects to %s', async (path, location) => {
    const res = await client().get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });
});
