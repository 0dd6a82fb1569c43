import createClient, { type Middleware } from 'openapi-fetch';
import { csrfToken, HttpError, resetCsrfToken } from './http';
import type { components, operations, paths } from './schema';

/** The origin a server render's calls carry (web/src/prerender/render-page.tsx replaces it). */
export const SERVER_RENDER_ORIGIN = 'http://server-render.invalid';

let send: (request: Request) => Promise<Response> = (request) => fetch(request);

/** The server renderer's own way to the gateway (docs/web-performance.md); the browser uses fetch. */
export function sendApiRequestsThrough(transport: (request: Request) => Promise<Response>): void {
  send = transport;
}

/**
 * The typed client of the gateway API (openapi-fetch over `schema.d.ts`, generated from the
 * gateway's OpenAPI description: docs/api.md). A path, parameter or body the description does not
 * have is a type error, so the web app and the API cannot drift apart.
 */
export const api = createClient<paths>({
  credentials: 'include',
  headers: { accept: 'application/json' },
  // A server render has no page to be relative to: its calls name this origin, and its transport
  // (sendApiRequestsThrough) takes them to the gateway with the visitor's cookie.
  baseUrl: typeof window === 'undefined' ? SERVER_RENDER_ORIGIN : '',
  fetch: (request) => send(request),
});

/** The description's response and body shapes, by schema name. */
export type Schemas = components['schemas'];
/** An operation's query parameters, by operationId. */
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

// Writes carry the session's CSRF token; one the session no longer accepts (after a sign-in or
// expiry) is fetched again and the write retried once, from a copy taken before it was sent.
const unsent = new Map<string, Request>();
const csrf: Middleware = {
  async onRequest({ request, id }) {
    if (request.method === 'GET') return request;
    request.headers.set('x-csrf-token', await csrfToken());
    unsent.set(id, request.clone());
    return request;
  },
  async onResponse({ request, response, id }) {
    const copy = unsent.get(id);
    unsent.delete(id);
    if (request.method === 'GET' || response.status !== 403 || !copy || !/csrf/i.test(await response.clone().text())) return response;
    resetCsrfToken();
    copy.headers.set('x-csrf-token', await csrfToken());
    return fetch(copy);
  },
};
api.use(csrf);

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's body, or the HttpError every hook and toast expects (`${status}: ${body}`). */
export async function answer<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok)
    throw new HttpError(response.status, response.statusText, typeof error === 'string' ? error : JSON.stringify(error ?? ''));
  return data as T;
}

/** One page of a list, and how many match over every page (X-Total-Count). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The answer's body with its X-Total-Count. */
export async function answerWithTotal<T>(call: Promise<Answer<T[]>>): Promise<ListPage<T>> {
  const { response } = await call;
  const items = await answer(call);
  const total = Number.parseInt(response.headers.get('x-total-count') ?? '', 10);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/** A multipart body of one file in `field`, as the upload routes read it (openapi-fetch sends FormData as it is). */
export function oneFile(field: string, file: File) {
  const form = new FormData();
  form.append(field, file);
  // The description types the file field as binary text; the browser sends the File itself.
  return { body: form as never };
}
