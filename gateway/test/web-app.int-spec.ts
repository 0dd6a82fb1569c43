import type { PublicConfig } from '@inventory/contracts';
import { eventually } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { signUp, type ApiClient } from './support/api-client.js';
import { joinedAs, sharedWorkspace } from './support/workspaces.js';
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

/** What a signed-in screen carries (web/src/prerender/state.ts). */
interface SignedInState {
  /** React Query's dehydrated cache: the answers the screen was rendered with. */
  queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  hints: { width: number; timeZone: string };
}

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
    const session = { cookie: `connect.sid=${client.cookie('connect.sid')}` };
    const shells = [await get('/login?next=%2Finventory'), await get('/account', session), await get('/dashboard')];
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
    // and paints "Loading..." before any of its code has arrived (a screen not rendered on the server).
    expect(marks).toEqual([false, true, false]);
  });

  describe('a signed-in visitor’s first screens, rendered with their data', () => {
    const sessionOf = (client: ApiClient) => ({ cookie: `connect.sid=${client.cookie('connect.sid')}` });
    const signedInStateOf = (html: string) => stateOf(html) as unknown as SignedInState | undefined;
    const userIn = (state: SignedInState | undefined) =>
      state?.queries.queries.find((query) => JSON.stringify(query.queryKey) === '["auth","user"]')?.state.data as
        { email: string } | undefined;

    it('sends each screen with the visitor’s own workspace in it, and the answers the app takes it over with', async () => {
      const owner = await signUp(system.baseUrl);
      const other = await signUp(system.baseUrl);
      await owner.client.post('/api/categories', { name: 'Owner Tools' });
      await owner.client.post('/api/inventory', { name: 'Owner Widget', unitPrice: '2.50' });
      const gadget = (await (await other.client.post('/api/inventory', { name: 'Other Gadget', unitPrice: '1.00' })).json()) as {
        id: string;
      };
      // Reports are read models the item's events reach a moment later (docs/architecture.md):
      // the screen can show only what the API answers.
      await eventually(
        async () => (await owner.client.get('/api/reports/inventory')).text().then((body) => body.includes('Owner Widget')),
        30_000,
        100,
      );

      for (const [path, text] of [
        ['/inventory', 'Owner Widget'],
        ['/categories', 'Owner Tools'],
        ['/dashboard', 'Total Items'],
        ['/', 'Total Items'],
        ['/reports', 'Owner Widget'],
        ['/locations', 'Locations'],
      ]) {
        const res = await get(path, sessionOf(owner.client));
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe('br');
        expect(res.headers.get('cache-control')).toBe('private, no-cache');
        const html = await res.text();
        // Rendered, not left to the app (within the render budget, ../src/web/signed-in-pages.ts), and
        // marked until the app has taken it over.
        expect(html).toContain('<div id="root" data-prerendered>');
        const root = html.slice(html.indexOf('<div id="root" data-prerendered>'));
        expect(root).toContain(text);
        expect(root).not.toContain('Other Gadget');
        const state = signedInStateOf(html);
        expect(userIn(state)?.email).toBe(owner.email);
        // The loader painted while the screen was rendered is hidden by the rest of the page, no script needed.
        expect(html).toMatch(/<div id="early-loader">[\s\S]*<style>#early-loader\{display:none\}<\/style>/);
        // Nothing React would have to swap in with a script the CSP refuses.
        expect(root).not.toMatch(/<template|<script(?! type="application\/json")/);
        // Not the app itself, which starts when the visitor reaches for the screen: its loader, and
        // the app's scripts to fetch while idle.
        const head = html.slice(0, html.indexOf('</head>'));
        expect(head).not.toMatch(/<script type="module"[^>]*src="\/assets\/index-|rel="modulepreload"/);
        expect(head).toMatch(/<script type="module" src="\/assets\/boot-[\w-]+\.js"><\/script>/);
        expect(JSON.parse(/<script type="application\/json" id="app-scripts">(.*?)<\/script>/.exec(head)![1])).toContainEqual(
          expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
        );
      }
      const theirs = await (await get('/inventory', sessionOf(other.client))).text();
      expect(theirs).toContain('Other Gadget');
      expect(theirs).not.toContain('Owner Widget');
      // An item of another workspace (a notification's link): its query fails, the screen shows it
      // loading, and is marked for the app to start at once and ask again.
      const linked = await (await get(`/inventory?item=${gadget.id}`, sessionOf(owner.client))).text();
      expect(linked).toContain('<div id="root" data-prerendered="partial">');
      expect(linked).not.toContain('Other Gadget');
    });

    it('lays the screen out for the width, time zone and theme the browser reported, else for its kind', async () => {
      const { client } = await signUp(system.baseUrl);
      const page = async (headers: Record<string, string>) =>
        (
          await get('/inventory', { ...sessionOf(client), ...headers, cookie: `${sessionOf(client).cookie}; ${headers.cookie ?? ''}` })
        ).text();
      const hinted = async (headers: Record<string, string>) => signedInStateOf(await page(headers))?.hints;
      const remembered = `onboarding:${randomUUID()}:dismissed`;
      const darkHints = {
        cookie: `client-hints=${encodeURIComponent(`w=390&tz=Europe/Paris&th=dark&np=granted&ob=${remembered}&ob=<script>&s:inventory.view="table"&s:${'x'.repeat(99)}=1`)}`,
      };
      expect(await hinted(darkHints)).toEqual({
        width: 390,
        timeZone: 'Europe/Paris',
        theme: 'dark',
        notifications: 'granted',
        remembered: [remembered],
        stored: { 'inventory.view': '"table"' },
      });
      // Dark from the first paint, as the app will keep it: no light flash before the takeover.
      expect(await page(darkHints)).toMatch(/^<!doctype html>\s*<html data-theme="dark" style="color-scheme: dark" /i);
      expect(
        await hinted({
          cookie: `client-hints=${encodeURIComponent('w=99999&tz=Not/AZone')}`,
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
        }),
      ).toEqual({
        width: 412,
        timeZone: 'UTC',
        theme: 'light',
        notifications: null,
        remembered: [],
        stored: {},
      });
      expect(await hinted({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' })).toEqual({
        width: 1280,
        timeZone: 'UTC',
        theme: 'light',
        notifications: null,
        remembered: [],
        stored: {},
      });
      expect(await page({})).toMatch(/^<!doctype html>\s*<html data-theme="light" style="color-scheme: light" /i);
      // Before the app has written its hints: the browser's own, which every page asks for.
      expect((await get('/login')).headers.get('accept-ch')).toBe('Sec-CH-Viewport-Width, Sec-CH-Prefers-Color-Scheme');
      expect(await hinted({ 'sec-ch-viewport-width': '360', 'sec-ch-prefers-color-scheme': '"dark"' })).toMatchObject({
        width: 360,
        theme: 'dark',
      });
    });

    it('gives a viewer the screen without the writes, and a session that is not signed in the app’s shell', async () => {
      const owner = await signUp(system.baseUrl);
      const workspace = await sharedWorkspace(owner.client);
      await owner.client.post('/api/inventory', { name: 'Shared Hammer', unitPrice: '9.00' });
      const viewer = await joinedAs(system.baseUrl, owner.client, workspace.id, 'viewer');
      const asViewer = await (await get('/inventory', sessionOf(viewer.client))).text();
      expect(asViewer).toContain('Shared Hammer');
      expect(asViewer).not.toContain('Add New Item');
      expect(await (await get('/inventory', sessionOf(owner.client))).text()).toContain('Add New Item');

      for (const res of [
        await get('/inventory', { cookie: 'connect.sid=s%3Anot-a-session.x' }),
        await fetch(`${system.baseUrl}/inventory`, { method: 'HEAD', headers: sessionOf(owner.client) }),
      ]) {
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(stateOf(html)).toBeUndefined();
        if (html) expect(html).toMatch(/<div id="root"><div role="status"[^>]*>[\s\S]*Loading\.\.\./);
      }
    });
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
