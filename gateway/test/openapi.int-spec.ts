import type { INestApplication } from '@nestjs/common';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createGatewayApp } from '../src/app.factory.js';
import { describeApi } from '../src/docs/web-api-types.js';
import { findViolation } from './support/openapi-contract.js';

/**
 * The served description itself: Redocly's recommended rules with no errors, and a readable, unique
 * operationId and a summary on every operation. (The answers are checked against it by every test
 * that uses ApiClient: support/openapi-contract.ts.) The lint report goes to artifacts/.
 */
const HOOK_TIMEOUT_MS = 60_000;
let gateway: INestApplication;
let document: { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };
let source: string;
let baseUrl: string;

beforeAll(async () => {
  gateway = await createGatewayApp();
  await gateway.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  source = await (await fetch(`${baseUrl}/api/docs-json`)).text();
  document = JSON.parse(source) as typeof document;
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await gateway?.close();
}, HOOK_TIMEOUT_MS);

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ at: `${method} ${path}`, ...op })),
  );

describe('the served OpenAPI description', () => {
  it("is the one the web app's client types are generated from (web-api-types.ts, without servers)", async () => {
    expect(JSON.parse(JSON.stringify(await describeApi()))).toEqual(document);
  });

  it('passes a Redocly lint (recommended rules) with no errors', async () => {
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`);
    const dir = new URL('../../artifacts/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    writeFileSync(new URL('openapi.json', dir), source);
    writeFileSync(new URL('openapi-lint.txt', dir), `${lines.join('\n')}\n`);
    console.log(
      `Redocly lint: ${lines.filter((l) => l.startsWith('error')).length} errors, ${lines.filter((l) => l.startsWith('warn')).length} warnings`,
    );
    expect(lines.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('names every operation with a unique camelCase operationId and a summary', () => {
    const ids = operations().map((op) => op.operationId);
    expect(operations().filter((op) => !/^[a-z][a-zA-Z0-9]+$/.test(op.operationId ?? '') || !op.summary)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().find((op) => op.operationId === 'recordMovement')?.at).toBe('post /api/inventory/{id}/stock');
  });
});

describe('the contract check (support/openapi-contract.ts)', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  const check = (method: string, path: string, res: Response, requestBody?: unknown) =>
    findViolation(
      baseUrl,
      method,
      `${baseUrl}${path}`,
      'application/json',
      requestBody === undefined ? undefined : JSON.stringify(requestBody),
      res,
    );

  it('passes a documented error and refuses what the description does not allow', async () => {
    expect(await check('GET', '/api/inventory/abc', json(404, { message: 'Item not found' }))).toBeUndefined();
    expect(await check('GET', '/api/inventory/abc', json(418, { message: 'Teapot' }))).toMatch(/getItem .*status 418 is not documented/);
    expect(await check('GET', '/api/inventory/abc', json(200, { id: 'abc' }))).toMatch(/getItem .*response body .*required/);
    expect(await check('GET', '/api/inventory/abc', json(404, { error: 'x' }))).toMatch(/response body .*message/);
    expect(await check('POST', '/api/categories', json(201, {}), { name: 'Tools', color: 'red' })).toMatch(
      /createCategory .*response body/,
    );
    expect(await check('PUT', '/api/nothing-here', json(200, {}))).toMatch(/no operation in the description/);
  });
});
