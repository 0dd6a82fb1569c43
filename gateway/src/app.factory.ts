import 'reflect-metadata';
import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createValidationPipe, processLogger } from '@inventory/platform';
import { BadRequestException } from '@nestjs/common';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module.js';
import { AuthService } from './auth/auth.service.js';
import { getEnv } from './config/env.js';
import { setupOpenApi } from './docs/openapi.js';
import { bodyParserErrors, refuseDeepJson } from './errors/body-parser-errors.js';
import { HttpErrorFilter } from './errors/http-error.filter.js';
import { inSequence } from './http/in-sequence.js';
import { assignRequestId } from './logging/request-id.js';
import { timeHttpRequests } from './metrics/http-metrics.js';
import { isApiPath, serveWebApp } from './web/serve-web-app.js';

/** Builds the HTTP app (used by main.ts and by the integration tests). */
export async function createGatewayApp(): Promise<INestApplication> {
  const env = getEnv();
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    logger: processLogger(env.LOG_LEVEL),
  });
  app.set('trust proxy', parseTrustProxy(env.TRUST_PROXY));
  app.disable('x-powered-by');
  // API answers are per user and must not be stored by browsers or proxies (an image route may
  // allow it for itself); with no-store an ETag, hashed over every body, would buy nothing.
  app.disable('etag');
  // One router layer for the middleware every request passes (inSequence); the parsers' errors
  // are answered by the error handler after it.
  app.use(
    inSequence(
      assignRequestId,
      timeHttpRequests,
      noStoreOnApi,
      helmet({
        contentSecurityPolicy: {
          directives: {
            // antd injects CSS-in-JS style tags; scripts stay same-origin only. The barcode reader
            // (zxing-wasm, docs/scanning.md) compiles its own same-origin WebAssembly, which needs
            // 'wasm-unsafe-eval' (it allows no JavaScript eval).
            'script-src': ["'self'", "'wasm-unsafe-eval'"],
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'blob:'],
            'upgrade-insecure-requests': null,
          },
        },
      }),
      express.json({ limit: env.BODY_LIMIT, verify: refuseDeepJson }),
      express.urlencoded({ extended: false, limit: env.BODY_LIMIT }),
    ),
    bodyParserErrors,
  );
  serveWebApp(app.getHttpAdapter().getInstance(), env.WEB_DIST_DIR, { publicConfig: () => app.get(AuthService).publicConfig() });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe((message) => new BadRequestException(message)));
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableShutdownHooks();
  setupOpenApi(app);
  return app;
}

const noStoreOnApi: RequestHandler = (req, res, next) => {
  if (isApiPath(req.path)) res.setHeader('Cache-Control', 'no-store');
  next();
};

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
