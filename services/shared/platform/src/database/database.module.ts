import { Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { gaugeOnScrape } from '../metrics/metrics.js';
import { ensureDatabase } from './ensure-database.js';
import { migrate } from './migrate.js';
import { ormConfig, type OrmConfigInput } from './orm-config.js';
import { RequestContextInterceptor } from './request-context.interceptor.js';

/** Knex's connection pool (tarn), as far as the metrics read it. */
interface ConnectionPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

class OrmLifecycle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private stopMetrics?: () => void;
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async onModuleInit(): Promise<void> {
    const applied = await migrate(this.orm);
    if (applied.length) this.logger.log(`applied migrations ${applied.join(', ')}`);
    this.stopMetrics = this.watchPool();
  }

  /** db_pool_connections: the pool's connections in use and free, and the queries waiting for one. */
  private watchPool(): () => void {
    const pool = this.pool();
    const database = this.orm.config.get('dbName') ?? '';
    return gaugeOnScrape(
      {
        name: 'db_pool_connections',
        help: 'Database pool connections by state (used, free, waiting).',
        labelNames: ['database', 'state'] as const,
      },
      async () =>
        pool
          ? [
              { labels: { database, state: 'used' }, value: pool.numUsed() },
              { labels: { database, state: 'free' }, value: pool.numFree() },
              { labels: { database, state: 'waiting' }, value: pool.numPendingAcquires() },
            ]
          : [],
    );
  }

  /**
   * Knex's pool ends only once every connection in use is given back. A service's stop once waited
   * for it without end after the database outage test, where the server ended an event consumer's
   * batch mid-transaction ("Transaction query already complete"): most likely a connection never
   * given back. The stop waits a few seconds for the pool, then goes on without it.
   */
  async onApplicationShutdown(): Promise<void> {
    this.stopMetrics?.();
    const closed = this.orm.close().then(() => true);
    const waited = new Promise<false>((resolve) => setTimeout(resolve, POOL_CLOSE_GRACE_MS, false).unref());
    if (await Promise.race([closed, waited])) return;
    const pool = this.pool();
    this.logger.warn(
      `the connection pool did not end within ${POOL_CLOSE_GRACE_MS / 1000} s (${pool?.numUsed() ?? '?'} connections still in use): stopping without it`,
    );
  }

  private pool(): ConnectionPool | undefined {
    return (this.orm.em.getConnection().getKnex().client as { pool?: ConnectionPool }).pool;
  }
}

/** How long a stop waits for the connection pool to end (OrmLifecycle.onApplicationShutdown). */
const POOL_CLOSE_GRACE_MS = 5_000;

/**
 * A service's own database: created if missing and migrated before the service answers anything.
 * Provides MikroORM and EntityManager; every message handler runs in its own identity map.
 */
@Module({})
export class DatabaseModule {
  static forService(input: OrmConfigInput): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: MikroORM,
          useFactory: async () => {
            await ensureDatabase(input.pgUrl, input.dbName);
            return MikroORM.init(ormConfig(input));
          },
        },
        { provide: EntityManager, useFactory: (orm: MikroORM) => orm.em, inject: [MikroORM] },
        OrmLifecycle,
        { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
      ],
      exports: [MikroORM, EntityManager],
    };
  }
}
