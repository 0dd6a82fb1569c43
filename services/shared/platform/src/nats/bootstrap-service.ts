import 'reflect-metadata';
import { Logger, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@inventory/contracts';
import { RpcErrorFilter } from '../errors/rpc-error.filter.js';
import { createValidationPipe } from '../errors/validation.js';
import { startLivenessFile } from '../health/liveness-file.js';
import { processLogger } from '../logging/redact.js';
import { natsServiceTransport } from './nats-options.js';

export interface ServiceBootOptions {
  name: ServiceName;
  module: Type<unknown>;
  natsUrl: string;
  /** LIVENESS_FILE: touched while the process runs, for a container health check. */
  livenessFile?: string;
}

/**
 * Starts a service as a NATS microservice in the queue group named after it, so starting more
 * processes spreads the requests between them.
 */
export async function createService({ name, module, natsUrl, livenessFile }: ServiceBootOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    ...natsServiceTransport(natsUrl, name),
    logger: processLogger(),
  });
  app.useGlobalFilters(new RpcErrorFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  await app.listen();
  startLivenessFile(livenessFile);
  new Logger(name).log(`listening on NATS (queue group "${name}")`);
  return app;
}
