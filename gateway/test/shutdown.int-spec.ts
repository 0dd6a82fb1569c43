import type { ProcessReadiness } from '@inventory/contracts';
import { eventually } from '@inventory/platform/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { signUp, type ApiClient } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/**
 * A gateway's graceful stop (docs/operations.md, "Stopping"), as its load balancer and its users
 * see it: app.close() is what SIGTERM runs (enableShutdownHooks).
 */
const DRAIN_MS = 800;
let system: System;
let client: ApiClient;
let base: string;
const previousDrain = process.env.SHUTDOWN_DRAIN_MS;

beforeAll(async () => {
  process.env.SHUTDOWN_DRAIN_MS = String(DRAIN_MS);
  system = await startSystem();
  base = system.baseUrl;
  client = (await signUp(base)).client;
}, 90_000);
afterAll(async () => {
  if (previousDrain === undefined) delete process.env.SHUTDOWN_DRAIN_MS;
  else process.env.SHUTDOWN_DRAIN_MS = previousDrain;
  await system?.services.close();
});

const readiness = async (path: 'ready' | 'live') => {
  const res = await fetch(`${base}/api/health/${path}`);
  return { status: res.status, body: (await res.json()) as ProcessReadiness };
};

it('says it is not ready, finishes the requests in flight, ends live streams cleanly, then stops', async () => {
  expect(await readiness('ready')).toEqual({ status: 200, body: { status: 'up' } });
  expect(await readiness('live')).toEqual({ status: 200, body: { status: 'up' } });
  const cookie = `connect.sid=${client.cookie('connect.sid')}`;

  // A browser's live alert stream.
  const stream = await fetch(`${base}/api/alerts/stream`, { headers: { cookie } });
  expect(stream.status).toBe(200);
  const events = stream.body!.getReader();

  // A request in flight: its body arrives in two parts, the second once the server has stopped accepting.
  const { token } = (await (await client.fetch('/api/auth/csrf')).json()) as { token: string };
  const withCsrf = `${cookie}; csrf-token=${client.cookie('csrf-token')}`;
  const json = JSON.stringify({ name: 'Sent while stopping', unitPrice: '1.00', currentStock: 1 });
  let sendRest!: () => void;
  const rest = new Promise<void>((resolve) => (sendRest = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(json.slice(0, 10)));
      await rest;
      controller.enqueue(new TextEncoder().encode(json.slice(10)));
      controller.close();
    },
  });
  const inFlight = fetch(`${base}/api/inventory`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { cookie: withCsrf, 'x-csrf-token': token, 'content-type': 'application/json' },
  } as RequestInit);
  await sleep(100);

  const started = Date.now();
  const closing = system.gateway.close();
  // Draining: not ready for the balancer, yet still serving.
  await eventually(async () => (await readiness('ready')).status === 503, 2000);
  expect(await readiness('ready')).toEqual({ status: 503, body: { status: 'down', reason: 'stopping' } });
  expect((await readiness('live')).status).toBe(200);

  // After the drain the stream ends: a clean end of the response, not a broken connection.
  for (let chunk = await events.read(); !chunk.done; chunk = await events.read());
  expect(Date.now() - started).toBeGreaterThanOrEqual(DRAIN_MS - 50);

  // Then no new connection is accepted, and the request in flight still completes.
  await eventually(
    async () =>
      await fetch(`${base}/api/health/live`).then(
        () => false,
        () => true,
      ),
    5000,
  );
  sendRest();
  const answer = await inFlight;
  expect(answer.status).toBe(201);
  expect(await answer.json()).toMatchObject({ name: 'Sent while stopping' });
  await closing;
}, 30_000);
