import { IdentityMessages, type NotificationPreferences, type PublicUser } from '@inventory/contracts';
import { ApiClient, signUp } from './support/api-client.js';
import { images, photoForm } from './support/images.js';
import { startSystem, type System } from './support/system.js';

/** Starting and stopping every service can take a while on a busy machine (Jest's hook default is 5 s). */
const HOOK_TIMEOUT_MS = 60_000;

let system: System;

beforeAll(async () => {
  system = await startSystem();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await system?.close();
}, HOOK_TIMEOUT_MS);

const me = async (client: ApiClient) => (await (await client.get('/api/auth/user')).json()) as PublicUser;

describe('PUT /api/auth/profile', () => {
  it('updates name and email, and the current user shows them', async () => {
    const { client } = await signUp(system.baseUrl);
    const res = await client.put('/api/auth/profile', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'Grace.Hopper.' + Date.now() + '@Example.test',
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as PublicUser;
    expect(updated).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect(updated.email).toMatch(/^grace\.hopper\.\d+@example\.test$/);
    expect(await me(client)).toMatchObject({ firstName: 'Grace', email: updated.email });
  });

  it('refuses an email another account has (409) and a malformed one (400), changing nothing', async () => {
    const { client, email } = await signUp(system.baseUrl);
    const other = await signUp(system.baseUrl);
    const taken = await client.put('/api/auth/profile', { email: other.email });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: IdentityMessages.emailInUse });
    const malformed = await client.put('/api/auth/profile', { email: 'nope', firstName: 'Changed' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: IdentityMessages.invalidEmail });
    expect(await me(client)).toMatchObject({ email, firstName: 'Test' });
  });
});

describe('POST /api/auth/profile/photo', () => {
  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['gif', 'image/gif'],
  ] as const)('stores a %s photo and serves it back to signed-in users with its type', async (ext, type) => {
    const { client, user } = await signUp(system.baseUrl);
    const res = await client.post('/api/auth/profile/photo', photoForm(images[ext], `me.${ext}`));
    expect(res.status).toBe(200);
    const { profileImageUrl } = (await res.json()) as PublicUser;
    expect(profileImageUrl).toMatch(new RegExp(`^/api/profile-photos/${user.id}/[0-9a-f-]{36}\\.${ext}$`));
    expect((await me(client)).profileImageUrl).toBe(profileImageUrl);
    const photo = await client.get(profileImageUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe(type);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(images[ext]);
    expect((await new ApiClient(system.baseUrl).get(profileImageUrl!)).status).toBe(401);
  });

  it('replaces the previous photo, whose file is removed', async () => {
    const { client } = await signUp(system.baseUrl);
    const first = ((await (await client.post('/api/auth/profile/photo', photoForm(images.png, 'a.png'))).json()) as PublicUser)
      .profileImageUrl!;
    await client.post('/api/auth/profile/photo', photoForm(images.gif, 'b.gif'));
    expect((await client.get(first)).status).toBe(404);
  });

  it('checks the content, not the name: a text file called .png is refused with 415', async () => {
    const { client } = await signUp(system.baseUrl);
    const res = await client.post('/api/auth/profile/photo', photoForm(Buffer.from('not really a picture'), 'fake.png', 'image/png'));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: 'Please select a JPG, PNG or GIF image' });
    expect((await me(client)).profileImageUrl).toBeNull();
  });

  it('refuses photos over 2 MB with 413, and a request without a file with 400', async () => {
    const { client } = await signUp(system.baseUrl);
    const big = Buffer.concat([images.png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await client.post('/api/auth/profile/photo', photoForm(big, 'big.png'))).status).toBe(413);
    expect((await client.post('/api/auth/profile/photo', new FormData())).status).toBe(400);
    expect((await me(client)).profileImageUrl).toBeNull();
  });
});

describe('notification preferences', () => {
  it('start from the spec defaults and are kept on the server across sign-ins', async () => {
    const { client, email, password } = await signUp(system.baseUrl);
    expect(await (await client.get('/api/auth/preferences')).json()).toEqual({ lowStock: true, expiry: true, email: false, push: true });
    const chosen: NotificationPreferences = { lowStock: false, expiry: true, email: true, push: false };
    expect(await (await client.put('/api/auth/preferences', chosen)).json()).toEqual(chosen);
    const elsewhere = new ApiClient(system.baseUrl);
    await elsewhere.post('/api/auth/login', { email, password });
    expect(await (await elsewhere.get('/api/auth/preferences')).json()).toEqual(chosen);
  });

  it('refuses anything but the four switches', async () => {
    const { client } = await signUp(system.baseUrl);
    expect((await client.put('/api/auth/preferences', { lowStock: 'yes', expiry: true, email: true, push: true })).status).toBe(400);
    expect((await client.put('/api/auth/preferences', { lowStock: true, expiry: true, email: true, push: true, sms: true })).status).toBe(
      400,
    );
  });
});
