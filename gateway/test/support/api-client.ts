import { DEFAULT_SUPER_ADMIN_EMAIL, type PublicUser, type RegisterRequest } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { LOCAL_SUPER_ADMIN_PASSWORD } from '../../../services/identity/src/config/env.js';
import { checkExchange } from './openapi-contract.js';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send the x-csrf-token header on a write (default true). */
  csrf?: boolean;
}

/**
 * A browser-like HTTP client for tests: keeps cookies, sends the CSRF token on writes (fetching it
 * from GET /api/auth/csrf, renewing it after a sign-in or sign-out as the web app does) and never
 * follows redirects, so tests can look at them. JSON bodies by default; FormData is sent as is.
 * Every answer from the gateway is checked against its OpenAPI description (openapi-contract.ts).
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken?: string;

  /** Requests leave from this loopback address (e.g. 127.0.0.7), so the gateway sees another client. */
  private readonly dispatcher?: Agent;

  constructor(
    readonly baseUrl: string,
    readonly options: { localAddress?: string } = {},
  ) {
    if (options.localAddress) this.dispatcher = new Agent({ localAddress: options.localAddress });
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, undefined, options);
  post = (path: string, body?: unknown, options?: RequestOptions) => this.request('POST', path, body, options);
  put = (path: string, body?: unknown, options?: RequestOptions) => this.request('PUT', path, body, options);
  patch = (path: string, body?: unknown, options?: RequestOptions) => this.request('PATCH', path, body, options);
  delete = (path: string, options?: RequestOptions) => this.request('DELETE', path, undefined, options);

  async request(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
    const send = async () => {
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (method !== 'GET' && options.csrf !== false) headers['x-csrf-token'] = await this.token();
      if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
      return this.fetch(path, {
        method,
        headers,
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
    };
    let res = await send();
    if (res.status === 403 && options.csrf !== false && /csrf token/i.test(await res.clone().text())) {
      this.csrfToken = undefined;
      res = await send();
    }
    if (/^\/api\/(auth\/(login|register|admin-login|demo-login|logout-all)|logout)$/.test(path)) this.csrfToken = undefined;
    return res;
  }

  /** A request with the cookie jar and no redirect following; absolute URLs reach other servers. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const res = this.dispatcher
      ? ((await undiciFetch(url, {
          ...(init as object),
          headers: Object.fromEntries(headers),
          redirect: 'manual',
          dispatcher: this.dispatcher,
        })) as unknown as Response)
      : await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(line);
    // The contract check (openapi-contract.ts): our own API's answers must match its description.
    if (url.startsWith(this.baseUrl)) {
      const body = typeof init.body === 'string' ? init.body : undefined;
      await checkExchange(this.baseUrl, init.method ?? 'GET', url, headers.get('content-type') ?? undefined, body, res);
    }
    return res;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /**
   * Another client holding the same cookies now (e.g. a copy of a session cookie kept by an
   * attacker), optionally talking to another gateway instance.
   */
  copy(baseUrl = this.baseUrl): ApiClient {
    const other = new ApiClient(baseUrl, this.options);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  private async token(): Promise<string> {
    this.csrfToken ??= ((await (await this.fetch('/api/auth/csrf')).json()) as { token: string }).token;
    return this.csrfToken;
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const name = pair.slice(0, pair.indexOf('=')).trim();
    const value = pair.slice(pair.indexOf('=') + 1).trim();
    const expired = attributes.some(
      (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) <= Date.now()),
    );
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.test`;

export interface SignedUp {
  client: ApiClient;
  user: PublicUser;
  email: string;
  password: string;
}

/** Registers a fresh user (unique email) and returns a client signed in as them. */
export async function signUp(baseUrl: string, overrides: Partial<RegisterRequest> = {}): Promise<SignedUp> {
  const client = new ApiClient(baseUrl);
  const input = { firstName: 'Test', lastName: 'User', email: uniqueEmail(), password: 'secret-123', ...overrides };
  const res = await client.post('/api/auth/register', input);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { client, user: (await res.json()) as PublicUser, email: input.email, password: input.password };
}

/** A client signed in as the seeded super admin (password from the local default). */
export async function signInAsSuperAdmin(baseUrl: string, client = new ApiClient(baseUrl)): Promise<ApiClient> {
  const email = process.env.SUPER_ADMIN_EMAIL ?? DEFAULT_SUPER_ADMIN_EMAIL;
  const res = await client.post('/api/auth/login', { email, password: process.env.SUPER_ADMIN_PASSWORD ?? LOCAL_SUPER_ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`super admin sign-in failed: ${res.status} ${await res.text()}`);
  return client;
}

/** An answer's status and parsed JSON body (undefined for an empty one, e.g. 204). */
export async function json<T>(res: Response | Promise<Response>): Promise<{ status: number; body: T }> {
  const answer = await res;
  const text = await answer.text();
  return { status: answer.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The body of an answer that must have this status (200 unless said). */
export async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const answer = await json<T>(res);
  expect(answer.status).toBe(status);
  return answer.body;
}
