import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  HealthSubjects,
  SERVICE_NAMES,
  type PartHealth,
  type ProcessReadiness,
  type ServiceName,
  type SystemHealth,
} from '@inventory/contracts';
import { probe, rpc } from '@inventory/platform';
import type { Redis } from 'ioredis';
import type { Client as MinioClient } from 'minio';
import type pg from 'pg';
import { getEnv } from '../config/env.js';
import { PG_POOL, REDIS, S3 } from '../connections/connections.module.js';
import { NATS_CLIENT } from '../nats/nats-client.module.js';
import { Shutdown } from '../lifecycle/shutdown.js';

const startedAt = Date.now();

/** Checks every part in parallel, each bounded by HEALTH_TIMEOUT_MS. */
@Injectable()
export class HealthService {
  private readonly timeoutMs = getEnv().HEALTH_TIMEOUT_MS;

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(S3) private readonly s3: MinioClient,
    private readonly shutdown: Shutdown,
  ) {}

  /**
   * Whether this process may take traffic: not stopping, and its own NATS connection answers (every
   * request goes through it). Servers every gateway shares are GET /api/health's to judge: Redis down
   * would take every gateway out of the balancer at once, while it only holds rate-limit counters
   * that fail open (docs/operations.md, "Health and stopping").
   */
  async readiness(): Promise<ProcessReadiness> {
    if (this.shutdown.draining) return { status: 'down', reason: 'stopping' };
    const nats = await probe(async () => ((await this.nats.connect()) as NatsConnection).rtt(), this.timeoutMs);
    if (nats.status === 'down') return { status: 'down', reason: `NATS: ${nats.error}` };
    return { status: 'up' };
  }

  async check(): Promise<SystemHealth> {
    const [services, postgres, nats, redis, s3] = await Promise.all([
      this.services(),
      probe(() => this.pool.query('SELECT 1'), this.timeoutMs),
      this.natsHealth(),
      probe(() => this.redis.ping(), this.timeoutMs),
      probe(() => this.s3.bucketExists(getEnv().S3_BUCKET), this.timeoutMs),
    ]);
    const gateway = { status: 'up' as const, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
    const parts: PartHealth[] = [...Object.values(services), postgres, nats, nats.jetstream, redis, s3];
    const status = parts.every((p) => p.status === 'up') ? 'up' : 'down';
    return { status, gateway, services, postgres, nats, redis, s3 };
  }

  private async services(): Promise<SystemHealth['services']> {
    const entries = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await this.service(name)] as const));
    return Object.fromEntries(entries) as SystemHealth['services'];
  }

  private async service(name: ServiceName): Promise<SystemHealth['services'][ServiceName]> {
    const started = performance.now();
    try {
      // The one direct rpc(): a probe of each service by name, with no actor (the typed clients are per service).
      const answer = await rpc(this.nats, HealthSubjects[name], undefined, { timeoutMs: this.timeoutMs });
      return { status: answer.status, latencyMs: Math.round(performance.now() - started), db: answer.db };
    } catch (error) {
      return { status: 'down', error: (error as Error).message };
    }
  }

  private async natsHealth(): Promise<SystemHealth['nats']> {
    let connection: NatsConnection | undefined;
    const nats = await probe(async () => {
      connection = (await this.nats.connect()) as NatsConnection;
      await connection.rtt();
    }, this.timeoutMs);
    const jetstream = connection
      ? await probe(async () => (await jetstreamManager(connection!)).getAccountInfo(), this.timeoutMs)
      : { status: 'down' as const, error: 'NATS is not connected' };
    return { ...nats, jetstream };
  }
}
