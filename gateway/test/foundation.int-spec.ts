import { SERVICE_NAMES, type SystemHealth } from '@inventory/contracts';
import { queryDb } from '@inventory/platform/testing';
import { startSystem, type System } from './support/system.js';

let system: System;
const get = (path: string, init?: RequestInit) => fetch(`${system.baseUrl}${path}`, init);

beforeAll(async () => {
  system = await startSystem();
});
afterAll(async () => {
  await system?.close();
});

describe('GET /api/health', () => {
  it('shows the gateway, every service and every server up', async () => {
    const res = await get('/api/health');
    const body = (await res.json()) as SystemHealth;
    expect(res.status).toBe(200);
    expect(body.status).toBe('up');
    for (const name of SERVICE_NAMES) {
      expect(body.services[name]).toMatchObject({ status: 'up', db: { status: 'up' } });
    }
    expect(body.postgres.status).toBe('up');
    expect(body.nats).toMatchObject({ status: 'up', jetstream: { status: 'up' } });
    expect(body.redis.status).toBe('up');
    expect(body.s3.status).toBe('up');
  });

  it('shows a stopped service as down, fast, and the rest still up', async () => {
    await system.services.stop('reporting');
    const started = Date.now();
    const res = await get('/api/health');
    const elapsed = Date.now() - started;
    const body = (await res.json()) as SystemHealth;
    expect(res.status).toBe(503);
    expect(body.status).toBe('down');
    expect(body.services.reporting.status).toBe('down');
    expect(body.services.reporting.error).toBe('The reporting service is unavailable');
    expect(body.services.catalog.status).toBe('up');
    expect(elapsed).toBeLessThan(1500 + 500); // within the health timeout, never a hang
  });
});

describe('every service owns a migrated database', () => {
  it.each(SERVICE_NAMES)('%s has its database with the migrations table', async (name) => {
    const rows = await queryDb(name, "SELECT to_regclass('public.mikro_orm_migrations') AS t");
    expect(rows[0].t).toBe('mikro_orm_migrations');
  });
});

describe('errors are JSON with a message', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: 'Cannot GET /api/no-such-thing' });
  });

  it('answers a malformed JSON body with 400', async () => {
    const res = await get('/api/health', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('answers a body over the limit with 413', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(1_100_000) });
    const res = await get('/api/health', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is too large' });
  });
});

describe('the gateway around the API', () => {
  it('publishes the OpenAPI description', async () => {
    const res = await get('/api/docs-json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });

  it('sends security headers', async () => {
    const res = await get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('serves the web app for client-side routes, not for /api', async () => {
    const page = await get('/inventory', { headers: { accept: 'text/html' } });
    expect([200, 503]).toContain(page.status); // 503 only when web/dist is not built
    expect(page.headers.get('content-type')).toMatch(page.status === 200 ? /text\/html/ : /text\/plain/);
  });
});
