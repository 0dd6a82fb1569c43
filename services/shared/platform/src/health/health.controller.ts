import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { MikroORM } from '@mikro-orm/postgresql';
import { healthSubject, type PartHealth, type ServiceHealth, type ServiceName } from '@inventory/contracts';
import { hostname } from 'node:os';

const startedAt = Date.now();

/** Checks a part and reports its status with the time it took. */
export async function probe(check: () => Promise<unknown>, timeoutMs = 1000): Promise<PartHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A controller answering `<service>.health.check` with the status of the service's database. */
export function healthControllerFor(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

    @MessagePattern(healthSubject(service))
    async check(): Promise<ServiceHealth> {
      const db = await probe(() => this.orm.em.getConnection().execute('SELECT 1'));
      return {
        service,
        status: db.status,
        db,
        instance: `${hostname()}:${process.pid}`,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    }
  }
  return HealthController;
}
