import { connect } from '@nats-io/transport-node';
import { InventorySubjects } from '@inventory/contracts';
import { natsConnectionOptions, startMetricsServer } from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { signUp, type ApiClient } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/**
 * What operators see of the running product (docs/operations.md): the metrics their Prometheus
 * reads from GET /metrics (the whole back end runs in this process here, so one scrape shows the
 * gateway's and the services' series) and the request ids that tie log lines to a request.
 */
let system: System;
let client: ApiClient;
let metricsServer: Server;
let metricsUrl: string;

beforeAll(async () => {
  system = await startSystem();
  client = (await signUp(system.baseUrl)).client;
  metricsServer = startMetricsServer('metrics-test', 0)!;
  await once(metricsServer, 'listening');
  metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
}, 90_000);
afterAll(async () => {
  metricsServer?.close();
  await system?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of the first series of `name` carrying every one of `labels`, or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((pair) => l.includes(pair)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('counts HTTP requests by route pattern and status, never by the ids in their paths', async () => {
    const before = await scrape();
    const listed = valueOf(before, 'http_server_duration_seconds_count', { method: 'GET', route: '/api/inventory', status: '200' }) ?? 0;
    expect((await client.get('/api/inventory')).status).toBe(200);
    const missing = randomUUID();
    expect((await client.get(`/api/inventory/${missing}`)).status).toBe(404);

    const after = await scrape();
    expect(valueOf(after, 'http_server_duration_seconds_count', { method: 'GET', route: '/api/inventory', status: '200' })).toBe(
      listed + 1,
    );
    expect(
      valueOf(after, 'http_server_duration_seconds_count', { method: 'GET', route: '/api/inventory/:id', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(missing);
    // Every series names the process it comes from.
    expect(after).toMatch(/process="metrics-test"/);
  });

  it('times the services’ answers on the bus by subject, with the refusal’s code as the outcome', async () => {
    expect((await client.get(`/api/inventory/${randomUUID()}`)).status).toBe(404);
    const text = await scrape();
    const series = text.split('\n').filter((l) => l.startsWith('rpc_server_duration_seconds_count{'));
    expect(series.some((l) => /subject="inventory\.[^"]+"/.test(l) && l.includes('outcome="NOT_FOUND"'))).toBe(true);
    expect(series.some((l) => /subject="identity\.[^"]+"/.test(l) && l.includes('outcome="ok"'))).toBe(true);
  });

  it('reads the backlogs ops watch: outbox, read-model lag, queues and database pools', async () => {
    expect((await client.post('/api/inventory', { name: 'Metered widget', unitPrice: '1.00', currentStock: 3 })).status).toBe(201);
    const text = await scrape();
    expect(valueOf(text, 'outbox_unpublished', { service: 'inventory' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'event_consumer_pending', { consumer: 'catalog-item-counts-inventory' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'queue_jobs', { queue: 'low-stock-alerts', state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'db_pool_connections', { database: 'inventory', state: 'used' })).toBeGreaterThanOrEqual(0);
    // Node's own: memory, event loop lag.
    expect(text).toMatch(/^process_resident_memory_bytes\{[^}]*\} \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{[^}]*\} [\d.e-]+/m);
  });

  it('answers nothing else on its port', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });
});

describe('request ids', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('gives every answer one, and keeps a load balancer’s or a client’s own', async () => {
    expect((await client.get('/api/inventory')).headers.get('x-request-id')).toMatch(uuid);
    const own = await client.get('/api/inventory', { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(own.headers.get('x-request-id')).toBe('lb-7f3a.42');
  });

  it('sends it on to the service in the envelope, and the actor as before', async () => {
    // A plain subscriber gets a copy of what the gateway sends the inventory service's queue group.
    const nc = await connect(natsConnectionOptions(testServers.natsUrl()));
    try {
      const sent = nc.subscribe(InventorySubjects.listItems, { max: 1 });
      await nc.flush();
      const res = await client.get('/api/inventory?limit=1', { headers: { 'x-request-id': 'trace-me.1' } });
      expect(res.status).toBe(200);
      for await (const message of sent) {
        const { data: envelope } = JSON.parse(message.string()); // Nest's packet: { pattern, data, id }
        expect(envelope.meta).toEqual({ requestId: 'trace-me.1' });
        expect(Object.keys(envelope.actor).sort()).toEqual(['role', 'userId', 'userName', 'workspaceId', 'workspaceRole']);
      }
    } finally {
      await nc.close();
    }
  });

  it('replaces an id that could not go into a log line as it is', async () => {
    for (const given of ['x'.repeat(65), 'two words', 'a"b']) {
      const res = await client.get('/api/inventory', { headers: { 'x-request-id': given } });
      expect(res.headers.get('x-request-id')).toMatch(uuid);
    }
  });
});
