import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { appendFileSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * The contract check: every answer the tests get through ApiClient (and every request the app
 * accepted) is validated against the description the gateway serves at /api/docs-json. A status
 * the operation does not declare, a body that breaks its schema, or a call to no documented
 * operation fails the test that made it. Counts per test file go to artifacts/openapi-contract.jsonl.
 */
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  pointer: string;
  operation: {
    operationId: string;
    requestBody?: { content?: Record<string, unknown> };
    responses: Record<string, { content?: Record<string, unknown> }>;
  };
}

interface Contract {
  operations: Operation[];
  validator(pointer: string): ValidateFunction;
}

export const contractCounts = { responses: 0, requests: 0, violations: 0, unchecked: 0 };
const contracts = new Map<string, Promise<Contract>>();
const DOC_ID = 'https://inventory.invalid/openapi.json';

/**
 * CONTRACT_CHECK=off runs the tests without it; =report lists every violation in
 * artifacts/openapi-violations.txt instead of failing the test (e.g. while changing the description).
 */
const enabled = process.env.CONTRACT_CHECK !== 'off';
const reportOnly = process.env.CONTRACT_CHECK === 'report';

export class ContractViolation extends Error {}

async function loadContract(baseUrl: string): Promise<Contract> {
  const res = await fetch(`${baseUrl}/api/docs-json`);
  if (!res.ok) throw new Error(`OpenAPI description: ${res.status}`);
  const doc = (await res.json()) as { paths: Record<string, Record<string, Operation['operation']>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(methods)) {
      const pointer = `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`;
      operations.push({ method: method.toUpperCase(), template, pattern, pointer, operation });
    }
  }
  // Literal segments first, so /api/imports/{id} does not take /api/imports/x/errors.csv's place.
  operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  const validators = new Map<string, ValidateFunction>();
  return {
    operations,
    validator: (pointer) => {
      let validate = validators.get(pointer);
      if (!validate) validators.set(pointer, (validate = ajv.compile({ $ref: `${DOC_ID}${pointer}` })));
      return validate;
    },
  };
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const mediaOf = (contentType: string | null | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** Checks one exchange (`requestBody`: the JSON text sent, if any) and throws ContractViolation. */
export async function checkExchange(
  baseUrl: string,
  method: string,
  url: string,
  requestContentType: string | undefined,
  requestBody: string | undefined,
  res: Response,
): Promise<void> {
  const problem = await findViolation(baseUrl, method, url, requestContentType, requestBody, res);
  if (problem) violation(problem);
}

/** What is wrong with one exchange by the served description, if anything. */
export async function findViolation(
  baseUrl: string,
  method: string,
  url: string,
  requestContentType: string | undefined,
  requestBody: string | undefined,
  res: Response,
): Promise<string | undefined> {
  if (!enabled) return;
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/api/') || pathname.startsWith('/api/docs')) return;
  let contract = contracts.get(baseUrl);
  if (!contract) contracts.set(baseUrl, (contract = loadContract(baseUrl)));
  const { operations, validator } = await contract;
  const path = pathname.replace(/\/+$/, '');
  const found = operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(path));
  const where = `${method.toUpperCase()} ${pathname} → ${res.status}`;
  if (!found) {
    // An unknown route answers 404 (or 401 before routing); nothing else may go undocumented.
    if (res.status === 404 || res.status === 401) return void contractCounts.unchecked++;
    return `${where}: no operation in the description`;
  }
  const label = `${found.operation.operationId} (${where})`;
  if (res.status === 500) return void contractCounts.unchecked++;
  const response = found.operation.responses[String(res.status)] ?? found.operation.responses.default;
  if (!response) return `${label}: status ${res.status} is not documented`;
  contractCounts.responses++;
  const media = mediaOf(res.headers.get('content-type'));
  const documented = Object.keys(response.content ?? {});
  // Redirects and 204 have no body; every other answer (errors too) has a documented media type.
  if (
    media &&
    res.status !== 204 &&
    (res.status < 300 || res.status >= 400) &&
    documented.length > 0 &&
    !documented.includes(media) &&
    !documented.includes('*/*')
  )
    return `${label}: content type ${media} is not documented (${documented.join(', ')})`;
  if (media === 'application/json' && documented.includes('application/json')) {
    const text = await res.clone().text();
    if (text) {
      const validate = validator(
        `${found.pointer}/responses/${res.status in found.operation.responses ? res.status : 'default'}/content/application~1json/schema`,
      );
      if (!validate(JSON.parse(text))) return `${label}: response body ${describe(validate)}`;
    }
  }
  if (res.status < 300 && requestBody !== undefined && mediaOf(requestContentType) === 'application/json') {
    const content = found.operation.requestBody?.content ?? {};
    if (!content['application/json']) return `${label}: a JSON request body is not documented`;
    contractCounts.requests++;
    const validate = validator(`${found.pointer}/requestBody/content/${escape('application/json')}/schema`);
    if (!validate(JSON.parse(requestBody))) return `${label}: accepted request body ${describe(validate)}`;
  }
}

function describe(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
}

function violation(message: string): void {
  contractCounts.violations++;
  if (!reportOnly) throw new ContractViolation(`OpenAPI contract: ${message}`);
  const dir = new URL('../../../artifacts/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  appendFileSync(new URL('openapi-violations.txt', dir), `${message}\n`);
}

// One line per test file: how many answers and accepted requests it checked.
if (typeof afterAll === 'function') {
  afterAll(() => {
    if (!enabled || contractCounts.responses + contractCounts.unchecked === 0) return;
    const file = basename(expect.getState().testPath ?? 'unknown');
    const dir = new URL('../../../artifacts/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    appendFileSync(
      new URL('openapi-contract.jsonl', dir),
      `${JSON.stringify({ file, at: new Date().toISOString(), ...contractCounts })}\n`,
    );
    console.log(
      `OpenAPI contract (${file}): ${contractCounts.responses} responses and ${contractCounts.requests} requests validated, ${contractCounts.violations} violations`,
    );
  });
}
