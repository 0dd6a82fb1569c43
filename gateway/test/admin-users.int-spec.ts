import { DEMO_USER_ID, IdentityMessages, type PublicUser } from '@inventory/contracts';
import { eventually, queryDb } from '@inventory/platform/testing';
import { ApiClient, signInAsSuperAdmin, signUp } from './support/api-client.js';
import { images, photoForm } from './support/images.js';
import { startSystem, type System } from './support/system.js';

/** Starting and stopping every service can take a while on a busy machine (Jest's hook default is 5 s). */
const HOOK_TIMEOUT_MS = 60_000;

let system: System;
let admin: ApiClient;

beforeAll(async () => {
  system = await startSystem();
  admin = await signInAsSuperAdmin(system.baseUrl);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await system?.close();
}, HOOK_TIMEOUT_MS);

const edit = (user: PublicUser, change: Record<string, unknown> = {}) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  ...change,
});
const list = async () => (await (await admin.get('/api/admin/users')).json()) as PublicUser[];

describe('who may manage users', () => {
  it('answers 403 to users and admins on every admin route, and 401 when signed out', async () => {
    const { client: plain, user } = await signUp(system.baseUrl);
    const { client: promoted, user: promotedUser } = await signUp(system.baseUrl);
    expect((await admin.put(`/api/admin/users/${promotedUser.id}`, edit(promotedUser, { role: 'admin' }))).status).toBe(200);
    for (const client of [plain, promoted]) {
      for (const res of [
        await client.get('/api/admin/users'),
        await client.put(`/api/admin/users/${user.id}`, edit(user, { firstName: 'Hacked' })),
        await client.delete(`/api/admin/users/${user.id}`),
      ]) {
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ message: 'Access denied' });
      }
    }
    expect((await new ApiClient(system.baseUrl).get('/api/admin/users')).status).toBe(401);
    expect((await list()).find((u) => u.id === user.id)?.firstName).toBe('Test');
  });

  it('applies a role change to the user’s open session at once', async () => {
    const { client, user } = await signUp(system.baseUrl);
    expect((await client.get('/api/admin/users')).status).toBe(403);
    await admin.put(`/api/admin/users/${user.id}`, edit(user, { role: 'super_admin' }));
    expect((await client.get('/api/admin/users')).status).toBe(200);
    await admin.put(`/api/admin/users/${user.id}`, edit(user, { role: 'user' }));
    expect((await client.get('/api/admin/users')).status).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users with whether a password is set, never a password or hash', async () => {
    const { user } = await signUp(system.baseUrl);
    const users = await list();
    expect(users.find((u) => u.id === user.id)).toMatchObject({ email: user.email, hasPassword: true, role: 'user' });
    expect(users.find((u) => u.id === DEMO_USER_ID)?.hasPassword).toBe(false);
    expect(JSON.stringify(users)).not.toMatch(/scrypt|"password/);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('edits names, email and role; a new password works and a blank one keeps the old', async () => {
    const { user, password } = await signUp(system.baseUrl);
    const res = await admin.put(`/api/admin/users/${user.id}`, edit(user, { firstName: 'Renamed', role: 'admin', password: '' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ firstName: 'Renamed', role: 'admin' });
    expect((await new ApiClient(system.baseUrl).post('/api/auth/login', { email: user.email, password })).status).toBe(200);
    await admin.put(`/api/admin/users/${user.id}`, edit(user, { password: 'brand-new-pw' }));
    expect((await new ApiClient(system.baseUrl).post('/api/auth/login', { email: user.email, password })).status).toBe(401);
    expect((await new ApiClient(system.baseUrl).post('/api/auth/login', { email: user.email, password: 'brand-new-pw' })).status).toBe(200);
  });

  it.each([
    [{ firstName: '' }, 400, IdentityMessages.firstNameRequired],
    [{ lastName: '' }, 400, IdentityMessages.lastNameRequired],
    [{ email: 'nope' }, 400, IdentityMessages.invalidEmail],
    [{ password: '123' }, 400, IdentityMessages.passwordTooShort],
    [{ role: 'owner' }, 400, IdentityMessages.invalidRole],
  ])('refuses %j with %i "%s" and changes nothing', async (change, status, message) => {
    const { user } = await signUp(system.baseUrl);
    const res = await admin.put(`/api/admin/users/${user.id}`, edit(user, change));
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ message });
    expect((await list()).find((u) => u.id === user.id)).toMatchObject({ firstName: 'Test', email: user.email, role: 'user' });
  });

  it('refuses an email in use (409) and an unknown user (404)', async () => {
    const { user } = await signUp(system.baseUrl);
    const { email: taken } = await signUp(system.baseUrl);
    expect((await admin.put(`/api/admin/users/${user.id}`, edit(user, { email: taken }))).status).toBe(409);
    expect((await admin.put('/api/admin/users/no-such-user', edit(user))).status).toBe(404);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes the user, ends their sessions, and announces it to the other services', async () => {
    const { client, user, email, password } = await signUp(system.baseUrl);
    const photo = ((await (await client.post('/api/auth/profile/photo', photoForm(images.png, 'me.png'))).json()) as PublicUser)
      .profileImageUrl!;
    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(204);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await new ApiClient(system.baseUrl).post('/api/auth/login', { email, password })).status).toBe(401);
    expect((await list()).some((u) => u.id === user.id)).toBe(false);
    expect((await admin.get(photo)).status).toBe(404);
    expect(await queryDb('gateway', "SELECT 1 FROM session WHERE sess ->> 'userId' = $1", [user.id])).toHaveLength(0);
    await eventually(async () => {
      const sql = "SELECT published_at FROM outbox WHERE subject = 'events.identity.UserDeleted' AND payload -> 'data' ->> 'userId' = $1";
      const rows = await queryDb('identity', sql, [user.id]);
      return rows[0]?.published_at;
    });
    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(404);
  });

  it('keeps the demo user', async () => {
    const res = await admin.delete(`/api/admin/users/${DEMO_USER_ID}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'The demo user cannot be deleted' });
    expect((await list()).some((u) => u.id === DEMO_USER_ID)).toBe(true);
  });
});
