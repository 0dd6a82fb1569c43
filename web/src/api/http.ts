/**
 * Fetch wrapper for the gateway API (SPEC 7 and 8).
 * - credentials are always sent (session cookie);
 * - a JSON body and its content type are sent only when a body exists;
 * - every non-GET request carries the CSRF token from GET /api/auth/csrf;
 * - a non-OK answer throws HttpError whose message is `${status}: ${bodyText || statusText}`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class HttpError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export interface RequestOptions {
  /** Answer null instead of throwing on 401 (used by the current-user call). */
  on401?: 'throw' | 'returnNull';
  /** Bypass the HTTP cache (SPEC 7: current user and logout). */
  noCache?: boolean;
  signal?: AbortSignal;
  /** Sent as the request's Idempotency-Key (docs/api.md): a retry with the same key books once. */
  idempotencyKey?: string;
}

const CSRF_HEADER = 'x-csrf-token';
const CSRF_URL = '/api/auth/csrf';

// One token per page load, fetched on the first write; shared by concurrent writes.
let csrfTokenPromise: Promise<string> | null = null;

async function fetchCsrfToken(): Promise<string> {
  const res = await fetch(CSRF_URL, { credentials: 'include', cache: 'no-store' });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, res.statusText, text);
  const token = (JSON.parse(text) as { token?: unknown }).token;
  if (typeof token !== 'string' || token === '') throw new Error('CSRF token missing from response');
  return token;
}

/** The session's CSRF token (also for multipart uploads, which bypass `send`). */
export function csrfToken(): Promise<string> {
  csrfTokenPromise ??= fetchCsrfToken().catch((error: unknown) => {
    csrfTokenPromise = null;
    throw error;
  });
  return csrfTokenPromise;
}

/** Forget the cached token, e.g. after logout or when the server rejected it. */
export function resetCsrfToken(): void {
  csrfTokenPromise = null;
}

async function send(method: HttpMethod, url: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData body (a file upload) sets its own multipart content type, boundary included.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers[CSRF_HEADER] = await csrfToken();
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  return fetch(url, {
    method,
    headers,
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    cache: options.noCache ? 'no-store' : 'default',
    signal: options.signal,
  });
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

export async function apiRequest<T>(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  let res = await send(method, url, body, options);

  // A session change (login, expiry) invalidates the token: fetch a new one and retry once.
  if (res.status === 403 && method !== 'GET') {
    const text = await res.clone().text();
    if (/csrf/i.test(text)) {
      resetCsrfToken();
      res = await send(method, url, body, options);
    }
  }

  if (res.status === 401 && options.on401 === 'returnNull') {
    // Read (and drop) the body: an unread one keeps the request open in the browser.
    await res.arrayBuffer().catch(() => undefined);
    return null as T;
  }
  if (!res.ok) {
    const text = await res.text();
    throw new HttpError(res.status, res.statusText, text);
  }
  return (await readBody(res)) as T;
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => apiRequest<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', url, body, options),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', url, body, options),
  delete: <T>(url: string, options?: RequestOptions) => apiRequest<T>('DELETE', url, undefined, options),
  /** POST of one file as multipart form data, in the field the route reads. */
  upload: <T>(url: string, field: string, file: File) => {
    const form = new FormData();
    form.append(field, file);
    return apiRequest<T>('POST', url, form);
  },
};

/**
 * The human-readable message of a failed call, for toasts: the `message` field of a
 * JSON error body (NestJS may send an array of messages), else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error) || !error.bodyText) return fallback;
  try {
    const parsed = JSON.parse(error.bodyText) as { message?: unknown };
    const { message } = parsed;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length > 0) return message.map(String).join(', ');
  } catch {
    // Plain-text body: not a structured message.
  }
  return fallback;
}
