import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** OpenAPI description of /api, browsable at /api/docs (JSON at /api/docs-json). */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Inventory API')
    .setDescription('Items, stock movements, alerts, categories, locations, reports and users.')
    .setVersion('1.0')
    .addCookieAuth('connect.sid')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, config), { jsonDocumentUrl: 'api/docs-json' });
}
