import { Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ensureDatabase } from './ensure-database.js';
import { migrate } from './migrate.js';
import { ormConfig, type OrmConfigInput } from './orm-config.js';
import { RequestContextInterceptor } from './request-context.interceptor.js';

class OrmLifecycle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async onModuleInit(): Promise<void> {
    const applied = await migrate(this.orm);
    if (applied.length) this.logger.log(`applied migrations ${applied.join(', ')}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close();
  }
}

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
