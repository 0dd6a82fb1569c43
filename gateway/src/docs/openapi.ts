import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** OpenAPI description of /api, browsable at /api/docs (JSON at /api/docs-json). */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Inventory API')
    .setDescription(
      'Items, stock movements, alerts, categories, locations, reports, workspaces and users. Scripts authenticate with a ' +
        'personal API token (Account → API tokens) as `Authorization: Bearer <token>`: see docs/api.md.',
    )
    .setVersion('1.0')
    .addCookieAuth('connect.sid')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'A personal API token (inv_…)' }, 'apiToken')
    .addSecurityRequirements('apiToken')
    .build();
  // "Authorize" takes a token and keeps it across reloads, so the page can try calls with it.
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, config), {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: { persistAuthorization: true },
  });
}
