import { IdentityMessages, type PublicUser } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import { ApiClient, signUp, uniqueEmail } from './support/api-client.js';
import { LocalOidcProvider, OIDC_CLIENT } from './support/oidc-provider.js';
import { startSystem, type System } from './support/system.js';

/** Starting and stopping every service can take a while on a busy machine (Jest's hook default is 5 s). */
const HOOK_TIMEOUT_MS = 60_000;

let system: System;
let provider: LocalOidcProvider;

beforeAll(async () => {
  provider = await LocalOidcProvider.reserve();
  Object.assign(process.env, { OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: OIDC_CLIENT.id, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret });
  system = await startSystem();
  provider.serve(`${system.baseUrl}/api/login/callback`);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await system?.close();
  await provider?.close();
}, HOOK_TIMEOUT_MS);

const newAccount = (claims: { email?: string } = {}) =>
  provider.account(randomUUID(), {
    email: uniqueEmail('oidc'),
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...claims,
  });

/** GET /api/login, then the provider's redirects, up to the callback URL it sends the browser to. */
async function authorize(client: ApiClient, accountId: string): Promise<URL> {
  provider.nextAccount = accountId;
  let res = await client.get('/api/login');
  expect(res.status).toBe(302);
  const authorizeUrl = new URL(res.headers.get('location')!);
  expect(authorizeUrl.origin).toBe(provider.issuer);
  for (const param of ['state', 'nonce', 'code_challenge']) expect(authorizeUrl.searchParams.get(param)).toBeTruthy();
  let location = authorizeUrl.href;
  while (location.startsWith(provider.issuer)) {
    res = await client.fetch(location);
    expect([302, 303]).toContain(res.status);
    location = new URL(res.headers.get('location')!, provider.issuer).href;
  }
  expect(location.startsWith(`${system.baseUrl}/api/login/callback?`)).toBe(true);
  return new URL(location);
}

async function currentUser(client: ApiClient): Promise<PublicUser | undefined> {
  const res = await client.get('/api/auth/user');
  return res.status === 200 ? ((await res.json()) as PublicUser) : undefined;
}

describe('OpenID Connect sign-in (GET /api/login) against a real provider', () => {
  it('creates the account on first sign-in, in a fresh session, and lands on the dashboard', async () => {
    const client = new ApiClient(system.baseUrl);
    const accountId = newAccount();
    const callback = await authorize(client, accountId);
    const sidDuringSignIn = client.cookie('connect.sid');
    expect(sidDuringSignIn).toBeDefined(); // the session holding state, nonce and PKCE verifier
    const res = await client.fetch(callback.pathname + callback.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(client.cookie('connect.sid')).not.toBe(sidDuringSignIn);
    expect(await currentUser(client)).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      hasPassword: false,
      externalProviders: ['oidc'],
    });
  });

  it('signs the same provider account into the same user next time', async () => {
    const accountId = newAccount();
    const first = new ApiClient(system.baseUrl);
    const callback1 = await authorize(first, accountId);
    await first.fetch(callback1.pathname + callback1.search);
    const second = new ApiClient(system.baseUrl);
    const callback2 = await authorize(second, accountId);
    await second.fetch(callback2.pathname + callback2.search);
    expect((await currentUser(second))?.id).toBe((await currentUser(first))?.id);
  });

  it('rejects a callback whose state does not match the one in the session', async () => {
    const client = new ApiClient(system.baseUrl);
    const callback = await authorize(client, newAccount());
    callback.searchParams.set('state', 'forged-state');
    const res = await client.fetch(callback.pathname + callback.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=oidc_failed');
    expect(await currentUser(client)).toBeUndefined();
  });

  it('rejects a callback from a browser that never started the sign-in', async () => {
    const callback = await authorize(new ApiClient(system.baseUrl), newAccount());
    const stranger = new ApiClient(system.baseUrl);
    const res = await stranger.fetch(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe('/login?error=oidc_failed');
    expect(await currentUser(stranger)).toBeUndefined();
  });

  it('never takes over an existing account with the same email', async () => {
    const { email, user } = await signUp(system.baseUrl);
    const client = new ApiClient(system.baseUrl);
    const callback = await authorize(client, newAccount({ email }));
    const res = await client.fetch(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe(`/login?error=${encodeURIComponent(IdentityMessages.emailInUse)}`);
    expect(await currentUser(client)).toBeUndefined();
    expect(user.externalProviders).toEqual([]);
  });

  it('links the provider account to the signed-in user', async () => {
    const { client, user } = await signUp(system.baseUrl);
    const callback = await authorize(client, newAccount());
    const res = await client.fetch(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe('/account');
    expect(await currentUser(client)).toMatchObject({ id: user.id, externalProviders: ['oidc'] });
  });

  it('tells the login page that the platform sign-in is available', async () => {
    expect(await (await fetch(`${system.baseUrl}/api/config`)).json()).toMatchObject({ oidcEnabled: true, googleEnabled: false });
  });
});
