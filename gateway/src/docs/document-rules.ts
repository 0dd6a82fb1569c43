import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { IS_PUBLIC, REQUIRED_ROLES, WITHOUT_COOKIE, WORKSPACE_DATA } from '../auth/auth.decorators.js';
import { CSRF_HEADER } from '../auth/csrf/csrf-protection.js';
import { SESSION_COOKIE } from '../auth/session/session.middleware.js';
import { RateLimitGuard } from '../auth/throttling/rate-limit.guard.js';
import { OPERATION_IDS } from './operation-ids.js';

type Json = Record<string, unknown>;
type Schema = Json;

/** What the guards and pipes of one route do, read from the same metadata they read. */
export interface RouteFacts {
  isPublic: boolean;
  withoutCookie: boolean;
  workspaceData: boolean;
  roles: boolean;
  rateLimited: boolean;
}

export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The browser session (POST /api/auth/login)' },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: 'Every cookie-authenticated write: the token from GET /api/auth/csrf (with its csrf-token cookie)',
  },
  apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (inv_…, Account → API tokens); see docs/api.md' },
} as const;

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const ERROR_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string', description: 'What went wrong, for people' } },
};

/** What each status means when a route does not say more. */
const DEFAULT_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid; the message names the field',
  401: 'Not signed in, or an invalid or expired API token',
  403: 'Refused: a write without the CSRF header or from another site, a role that does not allow this, or a route not for API tokens',
  404: 'No such record in your workspace',
  409: 'A conflict with the current state, or an Idempotency-Key reused for another request',
  413: 'Request body is too large',
  415: 'Unsupported body encoding or file type',
  429: 'Too many requests: wait the seconds in Retry-After',
  503: 'A part of the service is unavailable: retry with backoff',
  504: 'A part of the service did not answer in time: retry with backoff',
};

/**
 * Makes the generated description say what the app does, in one place rather than on every route:
 * OpenAPI 3.1 schemas (null as a type), stable operationIds, security per route from the guards'
 * metadata, the statuses every route can answer (from its guards, body, query and headers), and
 * one `Error { message }` body for every 4xx/5xx.
 */
export function applyDocumentRules(document: OpenAPIObject, app: INestApplication): OpenAPIObject {
  const facts = routeFacts(app);
  const doc = document as unknown as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  doc.openapi = '3.1.0';
  doc.servers = [{ url: '/', description: 'The gateway serving this description' }];
  doc.security = [{ session: [], csrfToken: [] }, { apiToken: [] }];
  doc.components.securitySchemes = SECURITY_SCHEMES;
  const schemas = (doc.components.schemas ??= {}) as Record<string, Schema>;
  schemas.Error = ERROR_SCHEMA;

  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = String(operation.operationId);
      operation.operationId = OPERATION_IDS[key] ?? key;
      const route = facts.get(key);
      if (!route) throw new Error(`OpenAPI: no route facts for ${key} (${method.toUpperCase()} ${path})`);
      operation.security = securityOf(method, route);
      addStatuses(operation, method, route);
      closeRequestBody(operation, schemas);
    }
  }
  toOpenApi31(doc);
  return document;
}

function securityOf(method: string, route: RouteFacts): Json[] {
  const write = method !== 'get';
  if (route.withoutCookie) return [];
  if (route.isPublic) return write ? [{ csrfToken: [] }] : [{}];
  const session = write ? { session: [], csrfToken: [] } : { session: [] };
  return route.workspaceData ? [session, { apiToken: [] }] : [session];
}

function addStatuses(operation: Json, method: string, route: RouteFacts): void {
  const responses = operation.responses as Record<string, Json>;
  const parameters = (operation.parameters ?? []) as Json[];
  const hasBody = operation.requestBody !== undefined;
  const write = method !== 'get';
  const idempotent = parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key');
  const statuses = new Set<number>([401, 429, 503, 504]);
  // The validation pipe checks the path's values too (e.g. a NUL in an id is a 400, not a 404).
  if (hasBody || idempotent || parameters.some((p) => p.in === 'query' || p.in === 'path')) statuses.add(400);
  if ((write && !route.withoutCookie) || (!route.workspaceData && !route.isPublic) || route.roles || (route.workspaceData && write))
    statuses.add(403);
  if (parameters.some((p) => p.in === 'path')) statuses.add(404);
  if (idempotent) statuses.add(409);
  if (hasBody) [413, 415].forEach((s) => statuses.add(s));
  for (const status of statuses) responses[status] ??= { description: DEFAULT_DESCRIPTIONS[status] };
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 400) continue;
    response.description ||= DEFAULT_DESCRIPTIONS[Number(status)] ?? 'Error';
    response.content = { 'application/json': { schema: ERROR_REF } };
    if (status === '429') response.headers = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };
  }
}

/** The validation pipe refuses unknown properties (forbidNonWhitelisted): a JSON body's schema says so. */
function closeRequestBody(operation: Json, schemas: Record<string, Schema>): void {
  const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
  const ref = content?.['application/json']?.schema?.$ref;
  const schema = typeof ref === 'string' ? schemas[ref.replace('#/components/schemas/', '')] : undefined;
  if (schema?.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
}

/** Reads each controller method's metadata, keyed `Controller.method` like the operationIds. */
function routeFacts(app: INestApplication): Map<string, RouteFacts> {
  const facts = new Map<string, RouteFacts>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const read = (key: symbol | string) => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, type);
        const guards = [
          ...((Reflect.getMetadata('__guards__', handler) as unknown[]) ?? []),
          ...((Reflect.getMetadata('__guards__', type) as unknown[]) ?? []),
        ];
        facts.set(`${type.name}.${name}`, {
          isPublic: read(IS_PUBLIC) === true,
          withoutCookie: read(WITHOUT_COOKIE) === true,
          workspaceData: read(WORKSPACE_DATA) === true,
          roles: Array.isArray(read(REQUIRED_ROLES)),
          rateLimited: guards.includes(RateLimitGuard),
        });
      }
    }
  }
  return facts;
}

/**
 * @nestjs/swagger writes OpenAPI 3.0 (`nullable: true`, which cannot make a `$ref` nullable);
 * 3.1 says the same with JSON Schema: `type: [T, 'null']`, `anyOf: [{ $ref }, { type: 'null' }]`.
 */
function toOpenApi31(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(toOpenApi31);
  if (!node || typeof node !== 'object') return;
  const schema = node as Schema;
  if (schema.nullable === true) {
    delete schema.nullable;
    const refs = schema.allOf as Schema[] | undefined;
    if (refs?.length === 1) {
      delete schema.allOf;
      delete schema.type;
      schema.anyOf = [refs[0], { type: 'null' }];
    } else if (typeof schema.type === 'string') {
      schema.type = [schema.type, 'null'];
      if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
    } else if (schema.$ref) {
      const ref = schema.$ref;
      delete schema.$ref;
      schema.anyOf = [{ $ref: ref }, { type: 'null' }];
    }
  } else if (schema.nullable === false) delete schema.nullable;
  for (const value of Object.values(schema)) toOpenApi31(value);
}
