import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { applyDocumentRules } from './document-rules.js';

/**
 * The OpenAPI 3.1 description of /api, made from the routes, their DTOs and guards. Works on an app
 * made in preview mode too (no servers needed): that is how the web's client types are generated
 * (write-openapi.ts).
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Inventory API')
    .setDescription(
      'Items, stock movements, alerts, categories, locations, reports, workspaces and users. Scripts authenticate with a ' +
        'personal API token (Account → API tokens) as `Authorization: Bearer <token>`: see docs/api.md. Every error is ' +
        '`{ "message": "…" }`.',
    )
    .setVersion('1.0')
    .build();
  // operationIds come out as `Controller.method` here; applyDocumentRules names them for clients.
  return applyDocumentRules(
    SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller}.${method}` }),
    app,
  );
}

/** The description browsable at /api/docs (JSON at /api/docs-json). */
export function setupOpenApi(app: INestApplication): void {
  // "Authorize" takes a token and keeps it across reloads, so the page can try calls with it.
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: { persistAuthorization: true },
  });
}
