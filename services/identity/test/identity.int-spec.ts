import { MikroORM } from '@mikro-orm/postgresql';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { DEMO_USER_ID, IdentityMessages, IdentitySubjects, type Actor, type PublicUser } from '@inventory/contracts';
import { natsTransport, rpc, type ServiceError } from '@inventory/platform';
import { eventually, queryDb, startServices, testServers, type RunningServices, testActor } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../src/app.module.js';
import { getEnv, LOCAL_SUPER_ADMIN_PASSWORD } from '../src/config/env.js';
import { PasswordHasher } from '../src/passwords/password-hasher.js';
import { ensureSuperAdmin } from '../src/seed/super-admin.seed.js';

/** Starting and stopping every service can take a while on a busy machine (Jest's hook default is 5 s). */
const HOOK_TIMEOUT_MS = 60_000;

let services: RunningServices;
let client: ClientProxy;

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@Example.test`;
const newUser = (label = 'user') => ({ firstName: 'Ada', lastName: 'Lovelace', email: email(label), password: 'secret-123' });
const register = (input = newUser()) => rpc(client, IdentitySubjects.register, input);
const actorOf = (user: PublicUser): Actor => testActor(user.id, { role: user.role });
const superAdmin = async () =>
  rpc(client, IdentitySubjects.signInWithPassword, { email: getEnv().SUPER_ADMIN_EMAIL, password: LOCAL_SUPER_ADMIN_PASSWORD });
/** The error a call ends with, as `{ code, message }`. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => Promise.reject(new Error('expected a failure')),
    (error: ServiceError) => ({ code: error.code, message: error.message }),
  );
const userRows = (id: string) => queryDb('identity', 'SELECT * FROM users WHERE id = $1', [id]);

beforeAll(async () => {
  services = await startServices({ identity: AppModule });
  client = ClientProxyFactory.create(natsTransport(testServers.natsUrl()));
  await client.connect();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await client?.close();
  await services?.close();
}, HOOK_TIMEOUT_MS);

describe('registration', () => {
  it('creates a user with the default role and never returns a password or hash', async () => {
    const input = newUser();
    const user = await register(input);
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: input.email.toLowerCase(),
      role: 'user',
      hasPassword: true,
    });
    expect(JSON.stringify(user)).not.toMatch(/secret-123|scrypt|"password/i);
    const [row] = await userRows(user.id);
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=\d+,r=8,p=1\$/);
  });

  it('treats emails case-insensitively: a second account with the same email is a 409', async () => {
    const input = newUser('dup');
    await register(input);
    expect(await failure(register({ ...input, email: input.email.toUpperCase() }))).toEqual({
      code: 'CONFLICT',
      message: IdentityMessages.emailInUse,
    });
  });

  it('answers bad input with the spec message and writes nothing', async () => {
    const input = newUser('bad');
    expect(await failure(register({ ...input, password: '12345' }))).toEqual({
      code: 'VALIDATION',
      message: IdentityMessages.passwordTooShort,
    });
    expect(await failure(register({ ...input, email: 'nope' }))).toEqual({ code: 'VALIDATION', message: IdentityMessages.invalidEmail });
    expect(await failure(register({ ...input, firstName: ' ' }))).toEqual({
      code: 'VALIDATION',
      message: IdentityMessages.firstNameRequired,
    });
    expect(await queryDb('identity', 'SELECT 1 FROM users WHERE email = $1', [input.email.toLowerCase()])).toHaveLength(0);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const input = newUser('login');
    const user = await register(input);
    const signedIn = await rpc(client, IdentitySubjects.signInWithPassword, { email: input.email.toUpperCase(), password: input.password });
    expect(signedIn.id).toBe(user.id);
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const input = newUser('wrong');
    await register(input);
    const wrongPassword = await failure(rpc(client, IdentitySubjects.signInWithPassword, { email: input.email, password: 'not-it' }));
    const unknownEmail = await failure(rpc(client, IdentitySubjects.signInWithPassword, { email: email('ghost'), password: 'not-it' }));
    expect(wrongPassword).toEqual({ code: 'UNAUTHORIZED', message: IdentityMessages.invalidCredentials });
    expect(unknownEmail).toEqual(wrongPassword);
  });
});

describe('seeded accounts', () => {
  it('seeds the super admin, who signs in with the configured password or the shortcut', async () => {
    const admin = await superAdmin();
    expect(admin.role).toBe('super_admin');
    const shortcut = await rpc(client, IdentitySubjects.signInSuperAdmin, { email: getEnv().SUPER_ADMIN_EMAIL.toUpperCase() });
    expect(shortcut.id).toBe(admin.id);
  });

  it('refuses the super-admin shortcut for any other email, even another super admin', async () => {
    const admin = await superAdmin();
    const other = await register(newUser('promoted'));
    const promotion = { id: other.id, firstName: 'P', lastName: 'Q', email: other.email!, role: 'super_admin' as const };
    await rpc(client, IdentitySubjects.updateUser, promotion, { actor: actorOf(admin) });
    expect((await failure(rpc(client, IdentitySubjects.signInSuperAdmin, { email: other.email! }))).code).toBe('UNAUTHORIZED');
  });

  it('signs in the demo user', async () => {
    expect(await rpc(client, IdentitySubjects.signInDemo, undefined)).toMatchObject({
      id: DEMO_USER_ID,
      firstName: 'Demo',
      hasPassword: false,
    });
  });

  it('restores a super admin’s role and password from the environment when seeding again', async () => {
    // A separate email, so the shared seeded account is never disturbed.
    const credentials = { email: email('root'), password: 'from-the-env' };
    const orm = services.apps.get('identity')!.get<MikroORM>(MikroORM);
    const seed = () => ensureSuperAdmin(orm.em.fork(), new PasswordHasher({ logN: 14, r: 8, p: 1 }), credentials);
    await seed();
    await queryDb('identity', "UPDATE users SET password_hash = NULL, role = 'user' WHERE email = $1", [credentials.email.toLowerCase()]);
    await seed();
    expect(await rpc(client, IdentitySubjects.signInWithPassword, credentials)).toMatchObject({ role: 'super_admin' });
  });
});

describe('external sign-in', () => {
  const external = (subject = randomUUID()) => ({
    provider: 'oidc' as const,
    subject,
    email: email('ext'),
    firstName: 'Grace',
    lastName: 'Hopper',
  });

  it('creates an account on first sign-in and finds it again by (provider, subject)', async () => {
    const identity = external();
    const first = await rpc(client, IdentitySubjects.signInExternal, identity);
    expect(first).toMatchObject({ firstName: 'Grace', hasPassword: false, externalProviders: ['oidc'] });
    const again = await rpc(client, IdentitySubjects.signInExternal, { ...identity, email: undefined, firstName: 'Changed' });
    expect(again.id).toBe(first.id);
  });

  it('never links to an existing account by email alone', async () => {
    const input = newUser('owner');
    const owner = await register(input);
    const attempt = await failure(rpc(client, IdentitySubjects.signInExternal, { ...external(), email: input.email }));
    expect(attempt).toEqual({ code: 'CONFLICT', message: IdentityMessages.emailInUse });
    expect((await superAdminList()).find((u) => u.id === owner.id)?.externalProviders).toEqual([]);
  });

  it('links to the signed-in user, and not to a second one', async () => {
    const owner = await register(newUser('linker'));
    const identity = { provider: 'google' as const, subject: randomUUID() };
    expect((await rpc(client, IdentitySubjects.signInExternal, identity, { actor: actorOf(owner) })).externalProviders).toEqual(['google']);
    const other = await register(newUser('other'));
    expect((await failure(rpc(client, IdentitySubjects.signInExternal, identity, { actor: actorOf(other) }))).code).toBe('CONFLICT');
    expect((await rpc(client, IdentitySubjects.signInExternal, identity)).id).toBe(owner.id);
  });

  it('answers the profile read (one row) as the sign-in did (the entity), providers in the order linked', async () => {
    const owner = await register(newUser('two-providers'));
    await rpc(client, IdentitySubjects.signInExternal, { provider: 'oidc', subject: randomUUID() }, { actor: actorOf(owner) });
    const signedIn = await rpc(
      client,
      IdentitySubjects.signInExternal,
      { provider: 'google', subject: randomUUID() },
      { actor: actorOf(owner) },
    );
    expect(signedIn).toMatchObject({ hasPassword: true, externalProviders: ['oidc', 'google'] });
    const { workspace, ...profile } = await rpc(client, IdentitySubjects.getProfile, undefined, { actor: actorOf(owner) });
    expect(workspace).toMatchObject({ id: owner.id, role: 'owner' });
    expect(JSON.stringify({ ...profile, workspace })).toBe(JSON.stringify(signedIn));
  });
});

describe('own profile and preferences', () => {
  it('updates names and email of the actor only', async () => {
    const user = await register(newUser('profile'));
    const newEmail = email('renamed');
    const updated = await rpc(client, IdentitySubjects.updateProfile, { firstName: 'Augusta', email: newEmail }, { actor: actorOf(user) });
    expect(updated).toMatchObject({ id: user.id, firstName: 'Augusta', lastName: 'Lovelace', email: newEmail.toLowerCase() });
    const taken = await register(newUser('taken'));
    expect((await failure(rpc(client, IdentitySubjects.updateProfile, { email: taken.email! }, { actor: actorOf(user) }))).code).toBe(
      'CONFLICT',
    );
  });

  it('keeps notification preferences, starting from the spec defaults', async () => {
    const user = await register(newUser('prefs'));
    const actor = actorOf(user);
    expect(await rpc(client, IdentitySubjects.getPreferences, undefined, { actor })).toEqual({
      lowStock: true,
      expiry: true,
      email: false,
      push: true,
    });
    const saved = { lowStock: false, expiry: true, email: true, push: false };
    await rpc(client, IdentitySubjects.updatePreferences, saved, { actor });
    expect(await rpc(client, IdentitySubjects.getPreferences, undefined, { actor })).toEqual(saved);
  });

  it('refuses profile calls without an actor', async () => {
    expect((await failure(rpc(client, IdentitySubjects.getProfile, undefined))).code).toBe('UNAUTHORIZED');
  });
});

async function superAdminList(): Promise<PublicUser[]> {
  return rpc(client, IdentitySubjects.listUsers, undefined, { actor: actorOf(await superAdmin()) });
}

describe('user management', () => {
  it('is for super admins only', async () => {
    const user = await register(newUser('plain'));
    for (const role of ['user', 'admin'] as const) {
      const actor = testActor(user.id, { role });
      expect((await failure(rpc(client, IdentitySubjects.listUsers, undefined, { actor }))).code).toBe('FORBIDDEN');
      expect((await failure(rpc(client, IdentitySubjects.deleteUser, { id: user.id }, { actor }))).code).toBe('FORBIDDEN');
    }
  });

  it('lists users with whether a password is set, never the value', async () => {
    const withPassword = await register(newUser('listed'));
    const list = await superAdminList();
    expect(list.find((u) => u.id === withPassword.id)?.hasPassword).toBe(true);
    expect(list.find((u) => u.id === DEMO_USER_ID)?.hasPassword).toBe(false);
    expect(JSON.stringify(list)).not.toMatch(/scrypt|passwordHash/);
  });

  it('edits a user: role, and a new password that then signs in', async () => {
    const input = newUser('edited');
    const user = await register(input);
    const actor = actorOf(await superAdmin());
    const change = { id: user.id, firstName: 'New', lastName: 'Name', email: input.email, password: 'changed-pw', role: 'admin' as const };
    const edited = await rpc(client, IdentitySubjects.updateUser, change, { actor });
    expect(edited).toMatchObject({ firstName: 'New', role: 'admin' });
    await rpc(client, IdentitySubjects.signInWithPassword, { email: input.email, password: 'changed-pw' });
  });

  it('deletes a user and publishes UserDeleted through the outbox', async () => {
    const user = await register(newUser('deleted'));
    const actor = actorOf(await superAdmin());
    expect(await rpc(client, IdentitySubjects.deleteUser, { id: user.id }, { actor })).toMatchObject({ id: user.id });
    expect(await userRows(user.id)).toHaveLength(0);
    const published = await eventually(async () => {
      const rows = await queryDb('identity', "SELECT subject, published_at FROM outbox WHERE payload->'data'->>'userId' = $1", [user.id]);
      return rows[0]?.published_at ? rows : undefined;
    });
    expect(published).toEqual([expect.objectContaining({ subject: 'events.identity.UserDeleted' })]);
    expect((await failure(rpc(client, IdentitySubjects.deleteUser, { id: user.id }, { actor }))).code).toBe('NOT_FOUND');
  });

  it('keeps the demo user and the acting super admin', async () => {
    const admin = await superAdmin();
    const actor = actorOf(admin);
    const deleteDemo = rpc(client, IdentitySubjects.deleteUser, { id: DEMO_USER_ID }, { actor });
    expect(await failure(deleteDemo)).toEqual({ code: 'FORBIDDEN', message: 'The demo user cannot be deleted' });
    expect((await failure(rpc(client, IdentitySubjects.deleteUser, { id: admin.id }, { actor }))).code).toBe('FORBIDDEN');
    const selfDemotion = { id: admin.id, firstName: 'S', lastName: 'A', email: admin.email!, role: 'user' as const };
    expect((await failure(rpc(client, IdentitySubjects.updateUser, selfDemotion, { actor }))).code).toBe('FORBIDDEN');
    expect(await userRows(DEMO_USER_ID)).toHaveLength(1);
  });
});
