import type { PublicConfig } from '@inventory/contracts';
import { signUp } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/** The built web app as the gateway serves it (web/dist from the build that `npm test` runs first). */
let system: System;

beforeAll(async () => {
  system = await startSystem();
}, 60_000);
afterAll(async () => {
  await system?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${system.baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } });

const stateOf = (html: string) => {
  const json = /<script type="application\/json" id="prerender-state">(.*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as { config: PublicConfig });
};

describe('the web app', () => {
  it('sends a signed-out visitor the landing and login pages rendered ahead of time, compressed, with this gateway’s sign-in options', async () => {
    const config = (await (await get('/api/config')).json()) as PublicConfig;
    for (const [path, text] of [
      ['/', 'Smart Inventory Management for'],
      ['/login', 'Choose Login Method'],
    ]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain(text);
      expect(stateOf(html)).toEqual({ config });
      // The loader only: the app's entry would start React and antd before anyone touched the page.
      expect(html).toMatch(/<script type="module" src="\/assets\/boot-[\w-]+\.js"><\/script>/);
      expect(html).not.toMatch(/<script type="module"[^>]*src="\/assets\/index-/);
    }
    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('Choose Login Method');
  });

  it('sends the app shell when a query changes the page or a session may be signed in', async () => {
    const { client } = await signUp(system.baseUrl);
    expect(client.cookie('connect.sid')).toBeDefined();
    const shells = [
      await get('/login?next=%2Finventory'),
      await get('/', { cookie: `connect.sid=${client.cookie('connect.sid')}` }),
      await get('/dashboard'),
    ];
    const marks = [];
    for (const res of shells) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      const html = await res.text();
      expect(stateOf(html)).toBeUndefined();
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      marks.push(/<html[^>]* data-session="likely"/.test(html) && /<div id="root"><div role="status"[^>]*>[\s\S]*Loading\.\.\./.test(html));
    }
    // Only the visit with a session cookie is marked, so the app fetches the signed-in screens early,
    // and paints "Loading..." before any of its code has arrived.
    expect(marks).toEqual([false, true, false]);
  });

  it('serves hashed assets precompressed and cached for a year, and never the server build or the manifest', async () => {
    const html = await (await get('/dashboard')).text();
    const vendor = /href="(\/assets\/react-vendor-[\w-]+\.js)"/.exec(html)![1];
    const asset = await get(vendor);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('import');
    for (const path of ['/.ssr/render-page.js', '/.vite/manifest.json']) {
      const res = await get(path);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });
});
