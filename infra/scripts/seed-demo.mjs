import { readFileSync } from 'node:fs';

// The demo account's sample inventory is the gateway's to make (docs/demo.md): it resets the shared
// demo on a schedule and on request. The launcher makes sure it was set up once before it says the
// app is ready, so the first visitor finds it there.

/** A signed-in client of the API with its cookie jar and CSRF token, as the web app holds them. */
export function apiClient(baseUrl) {
  const jar = new Map();
  let csrf;
  const call = async (method, path, body) => {
    const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['x-csrf-token'] = csrf;
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(`${method} ${path}: ${res.status} ${text}`), { status: res.status });
    return text ? JSON.parse(text) : null;
  };
  /** A multipart upload of one file, as the web app's image picker sends it. */
  const upload = async (path, field, file) => {
    const form = new FormData();
    form.append(field, new Blob([readFileSync(file)], { type: 'image/png' }), file.split('/').pop());
    const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': csrf };
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: form });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    call,
    upload,
    /** The session as a Cookie header (what a browser signed in as this client would send). */
    cookieHeader: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    /** The CSRF token is bound to the session, so it is fetched again when the session changes. */
    refreshCsrf: async () => (csrf = (await call('GET', '/api/auth/csrf')).token),
  };
}

/**
 * Makes sure the demo has its sample data: if it was never set up, asks the gateway for a reset and
 * waits for it. Safe to run on every start; returns a line for the log.
 */
export async function seedDemoInventory(baseUrl) {
  const config = await (await fetch(`${baseUrl}/api/config`)).json();
  if (!config.demoLoginEnabled) return 'demo login is off: nothing to set up';
  const api = apiClient(baseUrl);
  await api.refreshCsrf();
  await api.call('POST', '/api/auth/demo-login');
  await api.refreshCsrf();
  let status = await api.call('GET', '/api/demo');
  if (!status.resetting && status.lastResetAt !== null) return 'demo data already in place';
  const started = Date.now();
  if (!status.resetting) status = await api.call('POST', '/api/demo/reset');
  while (status.resetting && Date.now() - started < 180_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = await api.call('GET', '/api/demo');
  }
  if (status.resetting || status.lastResetAt === null) throw new Error('the demo data could not be set up (see the gateway log)');
  return `demo data set up in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}
