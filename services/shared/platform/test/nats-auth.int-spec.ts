import { natsConnectionOptions } from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { readFileSync } from 'node:fs';
// @ts-expect-error plain ESM script without type declarations
import { natsUrlFor } from '../../../../infra/nats/auth.mjs';

/**
 * The bus is not open (docs/security.md): the test stack's NATS knows a user per process, and
 * each may only use its own subjects. Only the gateway may send requests to the services.
 */
const credentials = JSON.parse(readFileSync(process.env.NATS_CREDENTIALS_FILE!, 'utf8')) as Record<string, string>;
const open: NatsConnection[] = [];

/** Connects as `user`; a service's events user signs in with the service's password (infra/nats/auth.mjs). */
async function connectAs(user: string): Promise<NatsConnection> {
  const password = credentials[user] ?? credentials[user.replace(/-events$/, '')];
  const nc = await connect({
    ...natsConnectionOptions(natsUrlFor(testServers.natsUrl(), user, { [user]: password })),
    maxReconnectAttempts: 0,
  });
  open.push(nc);
  return nc;
}

afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close()));
});

/** A permission error the server reports for this connection, or 'none' after a short wait. */
async function permissionError(nc: NatsConnection, act: () => void): Promise<string> {
  const statuses = (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'error') return String((status as { error?: unknown }).error ?? status.type);
    }
    return 'closed';
  })();
  act();
  await nc.flush();
  return Promise.race([statuses, new Promise<string>((resolve) => setTimeout(() => resolve('none'), 1_000))]);
}

describe('NATS users and permissions', () => {
  it('refuses a connection without credentials or with a wrong password', async () => {
    const bare = testServers.natsUrl().replace(/\/\/[^@]*@/, '//');
    await expect(connect({ servers: bare, maxReconnectAttempts: 0, reconnect: false })).rejects.toThrow(/authorization/i);
    await expect(
      connect({ ...natsConnectionOptions(natsUrlFor(bare, 'gateway', { gateway: 'wrong' })), reconnect: false }),
    ).rejects.toThrow(/authorization/i);
  });

  it('lets a service subscribe to its own subjects only', async () => {
    const catalog = await connectAs('catalog');
    expect(await permissionError(catalog, () => catalog.subscribe('catalog.categories.list'))).toBe('none');
    expect(await permissionError(catalog, () => catalog.subscribe('inventory.items.list'))).toMatch(/permissions violation/i);
  });

  it('keeps a service from sending requests (actor envelopes) to another service or to itself', async () => {
    const catalog = await connectAs('catalog');
    expect(
      await permissionError(catalog, () =>
        catalog.publish('inventory.items.register', '{"actor":{"userId":"x","role":"super_admin"},"data":{}}'),
      ),
    ).toMatch(/permissions violation/i);
    const reporting = await connectAs('reporting');
    expect(await permissionError(reporting, () => reporting.publish('identity.users.list', '{}'))).toMatch(/permissions violation/i);
  });

  it("keeps a service from reading another process's replies", async () => {
    const locations = await connectAs('locations');
    expect(await permissionError(locations, () => locations.subscribe('_INBOX_gateway.>'))).toMatch(/permissions violation/i);
  });

  it('lets a service publish its own events and not another’s', async () => {
    const identity = await connectAs('identity-events');
    expect(await permissionError(identity, () => identity.publish('events.identity.Test', '{}'))).toBe('none');
    expect(await permissionError(identity, () => identity.publish('events.inventory.StockReceived', '{}'))).toMatch(
      /permissions violation/i,
    );
  });

  it('lets a service use JetStream only through its events user, which publishes its own events', async () => {
    const events = await connectAs('identity-events');
    await expect((await jetstreamManager(events)).getAccountInfo()).resolves.toHaveProperty('streams');
    expect(await permissionError(events, () => events.publish('events.identity.Test', '{}'))).toBe('none');
    expect(await permissionError(events, () => events.publish('events.catalog.CategoryCreated', '{}'))).toMatch(/permissions violation/i);
    expect(await permissionError(events, () => events.publish('$JS.API.STREAM.DELETE.EVENTS', ''))).toMatch(/permissions violation/i);
    // Its requests' answers come to its own inbox; it answers no requests and reads no service subjects.
    expect(await permissionError(events, () => events.subscribe('identity.users.list'))).toMatch(/permissions violation/i);
    const rpc = await connectAs('identity');
    expect(await permissionError(rpc, () => rpc.publish('$JS.API.INFO', ''))).toMatch(/permissions violation/i);
  });

  it('lets the gateway read JetStream account info for the health check, and nothing more of JetStream', async () => {
    const gateway = await connectAs('gateway');
    const jsm = await jetstreamManager(gateway);
    await expect(jsm.getAccountInfo()).resolves.toHaveProperty('streams');
    expect(await permissionError(gateway, () => gateway.publish('$JS.API.STREAM.DELETE.EVENTS', ''))).toMatch(/permissions violation/i);
  });

  it('lets the gateway call a service and get the answer', async () => {
    const gateway = await connectAs('gateway');
    const catalog = await connectAs('catalog');
    catalog.subscribe('catalog.test.echo', { callback: (_, message) => void message.respond(message.data) });
    await catalog.flush();
    const answer = await gateway.request('catalog.test.echo', 'ping', { timeout: 2_000 });
    expect(answer.string()).toBe('ping');
  });

  it('lets a service answer with one message of several MB (a long list in one chunk)', async () => {
    const gateway = await connectAs('gateway');
    const catalog = await connectAs('catalog');
    const large = 'x'.repeat(4 * 1024 * 1024);
    catalog.subscribe('catalog.test.large', { callback: (_, message) => void message.respond(large) });
    await catalog.flush();
    // With NATS's default max_payload (1 MB) the service could not send it: the caller timed out.
    const answer = await gateway.request('catalog.test.large', 'ask', { timeout: 5_000 });
    expect(answer.data.byteLength).toBe(large.length);
  });
});
