import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ensureDatabase, objectStoreClient, withDatabase } from '@inventory/platform';
import { Redis } from 'ioredis';
import pg from 'pg';
import { getEnv } from '../config/env.js';

/** The gateway's own PostgreSQL database (sessions). */
export const PG_POOL = Symbol('PG_POOL');
export const REDIS = Symbol('REDIS');
export const S3 = Symbol('S3');

const logger = new Logger('Connections');

const pgPool = {
  provide: PG_POOL,
  useFactory: async () => {
    const env = getEnv();
    await ensureDatabase(env.PG_URL, env.GATEWAY_DB);
    const pool = new pg.Pool({ connectionString: withDatabase(env.PG_URL, env.GATEWAY_DB), max: 20 });
    // An idle connection PostgreSQL ends (a restart, a failover) is dropped and replaced on the next
    // query; without a listener its error would end the process (docs/operations.md, "Drills").
    pool.on('error', (error) => logger.warn(`an idle database connection was lost: ${error.message}`));
    return pool;
  },
};

const redis = {
  provide: REDIS,
  useFactory: () => {
    // No offline queue: while Redis is down, calls fail at once instead of piling up; ioredis keeps
    // reconnecting in the background and the health check reports the outage.
    const client = new Redis(getEnv().REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    return client;
  },
};

const s3 = { provide: S3, useFactory: () => objectStoreClient(getEnv()) };

/** Clients of the servers the gateway talks to directly. */
@Global()
@Module({ providers: [pgPool, redis, s3], exports: [PG_POOL, REDIS, S3] })
export class ConnectionsModule implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redisClient: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.redisClient.disconnect();
    await this.pool.end();
  }
}
