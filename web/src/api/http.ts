/**
 * What every call of the gateway API shares (spec §7 and 8; the calls themselves go through the
 * typed client, client.ts): a non-OK answer is an HttpError whose message is
 * `${status}: ${bodyText || statusText}`, and writes carry the session's CSRF token.
 */

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

/** The session's CSRF token, which every write carries (client.ts). */
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
