import 'reflect-metadata';
import { Logger, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@inventory/contracts';
import { RpcErrorFilter } from '../errors/rpc-error.filter.js';
import { createValidationPipe } from '../errors/validation.js';
import { startProcessProbes, type ProcessProbes } from '../health/process-probes.js';
import { processLogger } from '../logging/redact.js';
import { RequestIdInterceptor } from '../logging/request-id.interceptor.js';
import { RpcMetricsInterceptor } from '../metrics/rpc-metrics.interceptor.js';
import { natsServiceTransport } from './nats-options.js';

export interface ServiceBootOptions {
  name: ServiceName;
  module: Type<unknown>;
  natsUrl: string;
  /** The liveness file and metrics port, from the process's environment (tests leave them off). */
  probes?: ProcessProbes;
}

/**
 * Starts a service as a NATS microservice in the queue group named after it, so starting more
 * processes spreads the requests between them.
 */
export async function createService({ name, module, natsUrl, probes }: ServiceBootOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    ...natsServiceTransport(natsUrl, name),
    logger: processLogger(),
  });
  app.useGlobalFilters(new RpcErrorFilter());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new RequestIdInterceptor(), new RpcMetricsInterceptor());
  app.enableShutdownHooks();
  await app.listen();
  if (probes) startProcessProbes(name, probes);
  new Logger(name).log(`listening on NATS (queue group "${name}")`);
  return app;
}
