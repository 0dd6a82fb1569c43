import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type {
  CreatedInvitation,
  CurrentUser,
  InvitationPreview,
  ItemView,
  LowStockAlertView,
  MovementEntry,
  MovementResult,
  WorkspaceMember,
  WorkspaceRole,
  WorkspaceSummary,
} from '@inventory/contracts';
import { eventually, queryDb } from '@inventory/platform/testing';
import type { AddressInfo } from 'node:net';
import { createGatewayApp } from '../src/app.factory.js';
import { SessionChangeFeed } from '../src/auth/session/session-change-feed.js';
import { ApiClient, signUp, uniqueEmail, type SignedUp, json } from './support/api-client.js';
import { images, photoForm } from './support/images.js';
import { startSystem, type System } from './support/system.js';
import { startInventoryWorker } from './support/workers.js';

/** Starting every service (and a second gateway) can take a while on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
const ROLE_FORBIDS = { message: 'Your role in this workspace does not allow this' };

let system: System;
let worker: INestApplicationContext;
let other: INestApplication;
let otherUrl: string;

beforeAll(async () => {
  system = await startSystem();
  worker = await startInventoryWorker();
  other = await createGatewayApp();
  await other.listen(0, '127.0.0.1');
  otherUrl = `http://127.0.0.1:${(other.getHttpServer().address() as AddressInfo).port}`;
  await eventually(() => other.get(SessionChangeFeed).cache.enabled && system.gateway.get(SessionChangeFeed).cache.enabled);
}, 3 * HOOK_TIMEOUT_MS);
afterAll(async () => {
  await other?.close();
  await worker?.close();
  await system?.close();
}, HOOK_TIMEOUT_MS);

const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
  const { status, body } = await json<T>(res);
  if (status >= 300) throw new Error(`expected success, got ${status} ${JSON.stringify(body)}`);
  return body;
};

/** A user who signs up, then joins `workspaceId` through an invitation sent by `inviter` with `role`. */
async function joined(inviter: ApiClient, workspaceId: string, role: WorkspaceRole, firstName = role): Promise<SignedUp> {
  const email = uniqueEmail(role);
  const invitation = await ok<CreatedInvitation>(inviter.post(`/api/workspaces/${workspaceId}/invitations`, { email, role }));
  const invitee = await signUp(system.baseUrl, { email, firstName });
  expect(await ok(invitee.client.post(`/api/invitations/${invitation.token}/accept`))).toMatchObject({
    workspace: { id: workspaceId, role },
  });
  return invitee;
}

/** A shared workspace with an owner, an admin, a member and a viewer, holding one of everything. */
async function team() {
  const owner = await signUp(system.baseUrl, { firstName: 'Olivia', lastName: 'Owner' });
  const workspace = await ok<WorkspaceSummary>(owner.client.post('/api/workspaces', { name: 'Main Street Hardware' }));
  await ok(owner.client.post(`/api/workspaces/${workspace.id}/switch`));
  const [admin, member, viewer] = [
    await joined(owner.client, workspace.id, 'admin'),
    await joined(owner.client, workspace.id, 'member'),
    await joined(owner.client, workspace.id, 'viewer'),
  ];
  return { workspace, owner, admin, member, viewer };
}

/** One of every record in the current workspace of `client`: the ids the route matrix uses. */
async function fixtures(client: ApiClient) {
  const category = await ok<{ id: string }>(client.post('/api/categories', { name: 'Tools' }));
  const location = await ok<{ id: string }>(client.post('/api/locations', { name: 'Shelf A' }));
  const item = await ok<ItemView>(client.post('/api/inventory', { name: 'Drill', unitPrice: '10.00', currentStock: 0, reorderLevel: 1 }));
  const moved = await ok<MovementResult>(
    client.post(`/api/inventory/${item.id}/stock`, { quantity: 5, movementType: 'in', reason: 'Delivery' }),
  );
  const spare = await ok<ItemView>(client.post('/api/inventory', { name: 'Saw', unitPrice: '5.00', currentStock: 0, reorderLevel: 2 }));
  const alert = await eventually(
    async () => (await ok<LowStockAlertView[]>(client.get('/api/alerts/low-stock'))).find((a) => a.itemId === spare.id),
    15_000,
  );
  const { url } = await ok<{ url: string }>(client.post('/api/upload/image', photoForm(images.png, 'drill.png', 'image/png')));
  return {
    categoryId: category.id,
    locationId: location.id,
    itemId: item.id,
    movementId: moved.movement.id,
    alertId: alert!.id,
    imageUrl: url,
  };
}

type Fixtures = Awaited<ReturnType<typeof fixtures>>;
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  /** Names an id of the workspace (another workspace's user must get 404). */
  byId?: boolean;
}

/** Every route on a workspace's data. */
const READS: Route[] = [
  { method: 'GET', path: () => '/api/inventory' },
  { method: 'GET', path: (f) => `/api/inventory/${f.itemId}`, byId: true },
  { method: 'GET', path: (f) => `/api/inventory/${f.itemId}/movements`, byId: true },
  { method: 'GET', path: () => '/api/categories' },
  { method: 'GET', path: (f) => `/api/categories/${f.categoryId}`, byId: true },
  { method: 'GET', path: () => '/api/locations' },
  { method: 'GET', path: (f) => `/api/locations/${f.locationId}`, byId: true },
  { method: 'GET', path: () => '/api/dashboard/stats' },
  { method: 'GET', path: () => '/api/dashboard/recent-movements' },
  { method: 'GET', path: () => '/api/dashboard/category-values' },
  { method: 'GET', path: () => '/api/reports/inventory?type=inventory' },
  { method: 'GET', path: () => '/api/reports/value-history' },
  { method: 'GET', path: () => '/api/reports/movement-history' },
  { method: 'GET', path: () => '/api/export/items.csv' },
  { method: 'GET', path: () => '/api/export/movements.csv' },
  { method: 'GET', path: () => '/api/alerts/low-stock' },
  { method: 'GET', path: (f) => f.imageUrl, byId: true },
];
const WRITES: Route[] = [
  { method: 'POST', path: () => '/api/inventory', body: () => ({ name: 'Hammer', unitPrice: '1.00' }) },
  { method: 'PATCH', path: (f) => `/api/inventory/${f.itemId}`, body: () => ({ name: 'Renamed' }), byId: true },
  {
    method: 'POST',
    path: (f) => `/api/inventory/${f.itemId}/stock`,
    body: () => ({ quantity: 1, movementType: 'out', reason: 'Sold' }),
    byId: true,
  },
  {
    method: 'POST',
    path: (f) => `/api/inventory/${f.itemId}/transfer`,
    body: (f) => ({ quantity: 1, fromLocationId: null, toLocationId: f.locationId, reason: 'Shelved' }),
    byId: true,
  },
  { method: 'POST', path: (f) => `/api/inventory/${f.itemId}/movements/${f.movementId}/undo`, byId: true },
  { method: 'POST', path: () => '/api/categories', body: () => ({ name: 'Paint' }) },
  { method: 'PUT', path: (f) => `/api/categories/${f.categoryId}`, body: () => ({ name: 'Hand tools' }), byId: true },
  { method: 'POST', path: () => '/api/locations', body: () => ({ name: 'Van' }) },
  { method: 'PUT', path: (f) => `/api/locations/${f.locationId}`, body: () => ({ name: 'Shelf B' }), byId: true },
  { method: 'PATCH', path: (f) => `/api/alerts/${f.alertId}/read`, byId: true },
  { method: 'DELETE', path: (f) => `/api/categories/${f.categoryId}`, byId: true },
  { method: 'DELETE', path: (f) => `/api/locations/${f.locationId}`, byId: true },
  { method: 'DELETE', path: (f) => `/api/inventory/${f.itemId}`, byId: true },
];

const call = (client: ApiClient, route: Route, f: Fixtures) => client.request(route.method, route.path(f), route.body?.(f));
const label = (route: Route) =>
  `${route.method} ${route.path({ categoryId: ':c', locationId: ':l', itemId: ':i', movementId: ':m', alertId: ':a', imageUrl: '/api/images/:file' })}`;

describe('the isolation matrix', () => {
  it('answers another workspace 404 on every id route, a viewer 403 on every write and 200 on every read', async () => {
    const { owner, viewer } = await team();
    const f = await fixtures(owner.client);
    const outsider = await signUp(system.baseUrl);
    const failures: string[] = [];
    let tried = 0;
    for (const route of [...READS, ...WRITES].filter((r) => r.byId)) {
      tried += 1;
      const { status, body } = await json<{ message: string }>(call(outsider.client, route, f));
      if (status !== 404 || typeof body?.message !== 'string') failures.push(`outsider ${label(route)} → ${status}`);
    }
    for (const route of WRITES) {
      tried += 1;
      const { status, body } = await json(call(viewer.client, route, f));
      if (status !== 403 || JSON.stringify(body) !== JSON.stringify(ROLE_FORBIDS)) failures.push(`viewer ${label(route)} → ${status}`);
    }
    for (const route of READS) {
      tried += 1;
      const { status } = await call(viewer.client, route, f);
      if (status !== 200) failures.push(`viewer ${label(route)} → ${status}`);
    }
    // Nothing the viewer or the outsider tried changed the data.
    expect(await ok<ItemView>(owner.client.get(`/api/inventory/${f.itemId}`))).toMatchObject({ name: 'Drill', currentStock: 5 });
    expect(failures).toEqual([]);
    expect(tried).toBe(READS.filter((r) => r.byId).length + WRITES.filter((r) => r.byId).length + WRITES.length + READS.length);
    console.log(`isolation matrix: ${tried} route × role calls, ${failures.length} failures`);
  });

  it('lets a member write data but not manage members or invitations; an outsider gets 404 on the workspace routes', async () => {
    const { workspace, owner, member, viewer } = await team();
    const outsider = await signUp(system.baseUrl);
    const f = await fixtures(member.client);
    expect((await call(member.client, WRITES[0], f)).status).toBe(201);
    const id = workspace.id;
    const managing = [
      () => member.client.patch(`/api/workspaces/${id}`, { name: 'Mine now' }),
      () => member.client.patch(`/api/workspaces/${id}/members/${viewer.user.id}`, { role: 'admin' }),
      () => member.client.delete(`/api/workspaces/${id}/members/${viewer.user.id}`),
      () => member.client.post(`/api/workspaces/${id}/invitations`, { email: uniqueEmail(), role: 'member' }),
      () => member.client.get(`/api/workspaces/${id}/invitations`),
      () => member.client.delete(`/api/workspaces/${id}`),
    ];
    for (const attempt of managing) expect(await json(attempt())).toEqual({ status: 403, body: ROLE_FORBIDS });
    const outsiders = [
      () => outsider.client.get(`/api/workspaces/${id}/members`),
      () => outsider.client.patch(`/api/workspaces/${id}`, { name: 'x' }),
      () => outsider.client.post(`/api/workspaces/${id}/switch`),
      () => outsider.client.delete(`/api/workspaces/${id}/members/${member.user.id}`),
      () => outsider.client.post(`/api/workspaces/${id}/invitations`, { email: uniqueEmail(), role: 'member' }),
    ];
    for (const attempt of outsiders) expect(await json(attempt())).toEqual({ status: 404, body: { message: 'Workspace not found' } });
    // A member sees the members list (read-only in the web app).
    const members = await ok<WorkspaceMember[]>(member.client.get(`/api/workspaces/${id}/members`));
    expect(members.map((m) => m.role)).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(members[0]).toMatchObject({ userId: owner.user.id, firstName: 'Olivia', email: owner.email });
  });
});

describe('a shared inventory', () => {
  it('keeps both members’ 50 concurrent movements each on one item, with both names in the history', async () => {
    const { owner, member } = await team();
    const item = await ok<ItemView>(owner.client.post('/api/inventory', { name: 'Bolts', unitPrice: '0.10', currentStock: 0 }));
    const receive = (client: ApiClient) =>
      Array.from({ length: 50 }, () =>
        ok(client.post(`/api/inventory/${item.id}/stock`, { quantity: 1, movementType: 'in', reason: 'Count' })),
      );
    await Promise.all([...receive(owner.client), ...receive(member.client)]);
    expect(await ok<ItemView>(member.client.get(`/api/inventory/${item.id}`))).toMatchObject({ currentStock: 100 });
    const history = await ok<MovementEntry[]>(owner.client.get(`/api/inventory/${item.id}/movements?limit=200`));
    expect(history).toHaveLength(100);
    const byName = new Map<string | null, number>();
    for (const entry of history) byName.set(entry.userName, (byName.get(entry.userName) ?? 0) + 1);
    expect(Object.fromEntries(byName)).toEqual({ 'Olivia Owner': 50, 'member User': 50 });
    const recent = await eventually(async () => {
      const rows = await ok<{ userName: string | null }[]>(owner.client.get('/api/dashboard/recent-movements'));
      return rows.length === 10 ? rows : undefined;
    });
    expect(new Set(recent!.map((r) => r.userName)).size).toBeGreaterThanOrEqual(1);
    expect(recent!.every((r) => r.userName === 'Olivia Owner' || r.userName === 'member User')).toBe(true);
  });

  it("lets a member undo only their own movements; an admin undoes anyone's", async () => {
    const { owner, admin, member } = await team();
    const item = await ok<ItemView>(owner.client.post('/api/inventory', { name: 'Glue', unitPrice: '1.00', currentStock: 0 }));
    const byOwner = await ok<MovementResult>(
      owner.client.post(`/api/inventory/${item.id}/stock`, { quantity: 3, movementType: 'in', reason: 'r' }),
    );
    const byMember = await ok<MovementResult>(
      member.client.post(`/api/inventory/${item.id}/stock`, { quantity: 2, movementType: 'in', reason: 'r' }),
    );
    expect(await json(member.client.post(`/api/inventory/${item.id}/movements/${byOwner.movement.id}/undo`))).toEqual({
      status: 403,
      body: { message: 'You can undo only the movements you recorded' },
    });
    expect((await member.client.post(`/api/inventory/${item.id}/movements/${byMember.movement.id}/undo`)).status).toBe(201);
    expect((await admin.client.post(`/api/inventory/${item.id}/movements/${byOwner.movement.id}/undo`)).status).toBe(201);
  });

  it('shows each workspace its own data, and the switch changes what the dashboard shows', async () => {
    const { workspace, owner } = await team();
    await ok(owner.client.post('/api/inventory', { name: 'Shared thing', unitPrice: '2.00', currentStock: 1 }));
    const personal = (await ok<WorkspaceSummary[]>(owner.client.get('/api/workspaces'))).find((w) => w.personal)!;
    expect(personal).toMatchObject({ id: owner.user.id, role: 'owner', memberCount: 1 });
    expect((await ok<WorkspaceSummary[]>(owner.client.get('/api/workspaces'))).find((w) => w.id === workspace.id)).toMatchObject({
      memberCount: 4,
    });
    expect(await ok(owner.client.post(`/api/workspaces/${personal.id}/switch`))).toEqual({
      id: personal.id,
      name: "Olivia's inventory",
      role: 'owner',
    });
    expect(await ok<ItemView[]>(owner.client.get('/api/inventory'))).toEqual([]);
    expect(await ok(owner.client.get('/api/dashboard/stats'))).toMatchObject({ totalItems: 0 });
    expect((await ok<CurrentUser>(owner.client.get('/api/auth/user'))).workspace).toEqual({
      id: personal.id,
      name: "Olivia's inventory",
      role: 'owner',
    });
    await ok(owner.client.post(`/api/workspaces/${workspace.id}/switch`));
    expect((await ok<ItemView[]>(owner.client.get('/api/inventory'))).map((i) => i.name)).toEqual(['Shared thing']);
    await eventually(async () => (await ok<{ totalItems: number }>(owner.client.get('/api/dashboard/stats'))).totalItems === 1);
  });
});

describe('membership changes', () => {
  it('cut a removed member off on their very next request, on either gateway', async () => {
    const { workspace, owner, member } = await team();
    const item = await ok<ItemView>(owner.client.post('/api/inventory', { name: 'Secret', unitPrice: '1.00' }));
    const elsewhere = member.client.copy(otherUrl);
    // Both gateways hold the member's session in their cache.
    expect((await elsewhere.get(`/api/inventory/${item.id}`)).status).toBe(200);
    expect((await member.client.get(`/api/inventory/${item.id}`)).status).toBe(200);
    expect((await owner.client.delete(`/api/workspaces/${workspace.id}/members/${member.user.id}`)).status).toBe(204);
    expect((await elsewhere.get(`/api/inventory/${item.id}`)).status).toBe(404);
    expect((await member.client.get(`/api/inventory/${item.id}`)).status).toBe(404);
    expect((await ok<CurrentUser>(member.client.get('/api/auth/user'))).workspace).toMatchObject({ id: member.user.id, role: 'owner' });
  });

  it("end a removed member's live alert stream (the browser reconnects into their own workspace)", async () => {
    const { workspace, owner, member } = await team();
    const stream = await member.client.fetch('/api/alerts/stream', { headers: { accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const ended = (async () => {
      while (!(await reader.read()).done);
      return true;
    })();
    expect((await owner.client.delete(`/api/workspaces/${workspace.id}/members/${member.user.id}`)).status).toBe(204);
    await expect(Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve(false), 5_000))])).resolves.toBe(true);
  });

  it('take a demoted member’s write rights at once, on the other gateway too', async () => {
    const { workspace, owner, member } = await team();
    const item = await ok<ItemView>(owner.client.post('/api/inventory', { name: 'Tape', unitPrice: '1.00' }));
    const elsewhere = member.client.copy(otherUrl);
    const move = () => elsewhere.post(`/api/inventory/${item.id}/stock`, { quantity: 1, movementType: 'in', reason: 'r' });
    expect((await move()).status).toBe(201);
    expect(await ok(owner.client.patch(`/api/workspaces/${workspace.id}/members/${member.user.id}`, { role: 'viewer' }))).toMatchObject({
      role: 'viewer',
    });
    expect(await json(move())).toEqual({ status: 403, body: ROLE_FORBIDS });
  });

  it('keep at least one owner, and only an owner makes owners', async () => {
    const { workspace, owner, admin } = await team();
    const id = workspace.id;
    const lastOwner = { status: 409, body: { message: 'A workspace must keep at least one owner' } };
    expect(await json(owner.client.patch(`/api/workspaces/${id}/members/${owner.user.id}`, { role: 'admin' }))).toEqual(lastOwner);
    expect(await json(owner.client.delete(`/api/workspaces/${id}/members/${owner.user.id}`))).toEqual(lastOwner);
    expect(await json(admin.client.patch(`/api/workspaces/${id}/members/${admin.user.id}`, { role: 'owner' }))).toEqual({
      status: 403,
      body: ROLE_FORBIDS,
    });
    expect(await json(admin.client.delete(`/api/workspaces/${id}/members/${owner.user.id}`))).toEqual({ status: 403, body: ROLE_FORBIDS });
    await ok(owner.client.patch(`/api/workspaces/${id}/members/${admin.user.id}`, { role: 'owner' }));
    expect((await owner.client.delete(`/api/workspaces/${id}/members/${owner.user.id}`)).status).toBe(204); // leaves
    expect(await json(owner.client.get(`/api/workspaces/${id}/members`))).toMatchObject({ status: 404 });
  });

  it('deleting a workspace removes its data and moves its members to their own', async () => {
    const { workspace, owner, member } = await team();
    const item = await ok<ItemView>(owner.client.post('/api/inventory', { name: 'Doomed', unitPrice: '1.00' }));
    await ok(member.client.post(`/api/workspaces/${workspace.id}/switch`));
    expect(await json(owner.client.delete(`/api/workspaces/${owner.user.id}`))).toEqual({
      status: 409,
      body: { message: 'Your personal workspace cannot be deleted' },
    });
    expect((await owner.client.delete(`/api/workspaces/${workspace.id}`)).status).toBe(204);
    expect((await member.client.get(`/api/inventory/${item.id}`)).status).toBe(404);
    expect((await ok<CurrentUser>(member.client.get('/api/auth/user'))).workspace.id).toBe(member.user.id);
  });
});

describe('the demo account', () => {
  it('creates, shares and joins no workspace: every visitor is that user', async () => {
    const demo = new ApiClient(system.baseUrl);
    expect((await demo.post('/api/auth/demo-login')).status).toBe(200);
    const demoUser = await ok<CurrentUser>(demo.get('/api/auth/user'));
    const immutable = { status: 403, body: { message: 'The demo account cannot be changed' } };
    expect(await json(demo.post('/api/workspaces', { name: 'Mine' }))).toEqual(immutable);
    expect(await json(demo.post(`/api/workspaces/${demoUser.workspace.id}/invitations`, { email: uniqueEmail(), role: 'admin' }))).toEqual(
      immutable,
    );
    // Someone inviting the demo address cannot push a workspace into every demo visitor's list.
    const owner = await signUp(system.baseUrl);
    const invitation = await ok<CreatedInvitation>(
      owner.client.post(`/api/workspaces/${owner.user.id}/invitations`, { email: demoUser.email!, role: 'member' }),
    );
    expect(await json(demo.post(`/api/invitations/${invitation.token}/accept`))).toEqual(immutable);
    // Its own data works as before.
    expect((await demo.post('/api/categories', { name: `Demo ${uniqueEmail()}` })).status).toBe(201);
  });
});

describe('invitations', () => {
  it('show what they offer to a signed-out visitor, and refuse wrong, reused, revoked and expired tokens clearly', async () => {
    const owner = await signUp(system.baseUrl, { firstName: 'Iris' });
    const id = owner.user.id;
    const email = uniqueEmail('invitee');
    const invitation = await ok<CreatedInvitation>(
      owner.client.post(`/api/workspaces/${id}/invitations`, { email: email.toUpperCase(), role: 'viewer' }),
    );
    expect(invitation.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/invite/${invitation.token}$`));
    expect(await ok<InvitationPreview>(new ApiClient(system.baseUrl).get(`/api/invitations/${invitation.token}`))).toMatchObject({
      workspaceName: "Iris's inventory",
      inviterName: 'Iris User',
      role: 'viewer',
      email,
    });
    expect(await json(owner.client.post(`/api/workspaces/${id}/invitations`, { email, role: 'member' }))).toEqual({
      status: 409,
      body: { message: 'This email address already has a pending invitation' },
    });
    const notValid = { status: 404, body: { message: 'This invitation is not valid: it may have expired, been used or been revoked' } };
    const stranger = await signUp(system.baseUrl);
    expect(await json(stranger.client.post(`/api/invitations/${invitation.token}/accept`))).toEqual({
      status: 403,
      body: { message: 'This invitation was sent to a different email address. Sign in with that address to accept it.' },
    });
    // Accepted from a fresh sign-up (case-insensitive email), and single use.
    const invitee = await signUp(system.baseUrl, { email });
    expect(await ok(invitee.client.post(`/api/invitations/${invitation.token}/accept`))).toEqual({
      workspace: { id, name: "Iris's inventory", role: 'viewer' },
    });
    expect((await ok<CurrentUser>(invitee.client.get('/api/auth/user'))).workspace).toEqual({
      id,
      name: "Iris's inventory",
      role: 'viewer',
    });
    expect(await json(invitee.client.post(`/api/invitations/${invitation.token}/accept`))).toEqual(notValid);
    expect(await json(new ApiClient(system.baseUrl).get(`/api/invitations/${invitation.token}`))).toEqual(notValid);
    // Revoked.
    const revoked = await ok<CreatedInvitation>(
      owner.client.post(`/api/workspaces/${id}/invitations`, { email: uniqueEmail(), role: 'member' }),
    );
    expect((await ok<unknown[]>(owner.client.get(`/api/workspaces/${id}/invitations`))).length).toBe(1);
    expect((await owner.client.delete(`/api/workspaces/${id}/invitations/${revoked.id}`)).status).toBe(204);
    expect(await json(new ApiClient(system.baseUrl).get(`/api/invitations/${revoked.token}`))).toEqual(notValid);
    // Expired.
    const expired = await ok<CreatedInvitation>(
      owner.client.post(`/api/workspaces/${id}/invitations`, { email: uniqueEmail(), role: 'member' }),
    );
    await queryDb('identity', "UPDATE workspace_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1", [expired.id]);
    expect(await json(new ApiClient(system.baseUrl).get(`/api/invitations/${expired.token}`))).toEqual(notValid);
    // Bad input.
    expect(await json(owner.client.post(`/api/workspaces/${id}/invitations`, { email: 'nope', role: 'member' }))).toEqual({
      status: 400,
      body: { message: 'Please enter a valid email' },
    });
    expect(await json(owner.client.post(`/api/workspaces/${id}/invitations`, { email: uniqueEmail(), role: 'god' }))).toEqual({
      status: 400,
      body: { message: 'Role must be owner, admin, member or viewer' },
    });
    expect(await json(owner.client.post('/api/workspaces', { name: 'Shop\u0007' }))).toMatchObject({ status: 400 });
    expect(await json(owner.client.post('/api/workspaces', { name: 'x'.repeat(101) }))).toEqual({
      status: 400,
      body: { message: 'Workspace name must be at most 100 characters' },
    });
    expect(await json(owner.client.post(`/api/workspaces/${id}/invitations`, { email: { $ne: '' }, role: 'member' }))).toMatchObject({
      status: 400,
    });
    // Another workspace's invitation id answers 404.
    const elsewhere = await signUp(system.baseUrl);
    expect(await json(elsewhere.client.delete(`/api/workspaces/${elsewhere.user.id}/invitations/${revoked.id}`))).toEqual(notValid);
    expect(await json(owner.client.post('/api/workspaces', { name: '  ' }))).toEqual({
      status: 400,
      body: { message: 'Workspace name is required' },
    });
  });
});
