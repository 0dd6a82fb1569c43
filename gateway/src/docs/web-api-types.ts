import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { AppModule } from '../app.module.js';
import { openApiDocument } from './openapi.js';

/** The web app's client types, generated from this description (docs/api.md, "The web client"). */
export const WEB_API_TYPES = fileURLToPath(new URL('../../../web/src/api/schema.d.ts', import.meta.url));

const BANNER = `// Generated from the gateway's OpenAPI description by \`npm run api:types\`; do not edit.
// gateway/src/docs/web-api-types.spec.ts fails when this file and the description differ.
`;

/** The description as the gateway serves it, made from an app in preview mode: no server is needed. */
export async function describeApi(): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule, { preview: true, logger: ['error'], abortOnError: false });
  app.setGlobalPrefix('api');
  try {
    return openApiDocument(app);
  } finally {
    await app.close();
  }
}

/** TypeScript types of every path, operation and schema of the description (openapi-typescript). */
export async function webApiTypes(document: OpenAPIObject): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  // A default makes no field required: the server fills it in when it is left out.
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as never, { alphabetize: true, defaultNonNullable: false });
  return BANNER + astToString(ast);
}

export const currentWebApiTypes = () => readFile(WEB_API_TYPES, 'utf8');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(WEB_API_TYPES, await webApiTypes(await describeApi()));
  console.log(`wrote ${WEB_API_TYPES}`);
}
