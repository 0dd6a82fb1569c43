import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { getEnv } from '../config/env.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { ensureDemoUser } from './demo-user.seed.js';
import { ensureSuperAdmin } from './super-admin.seed.js';

/**
 * The one place that seeds data at start (after migrations), idempotently, so every instance may
 * run it. Demo data of later areas (items, categories, locations for `demo-user`) joins here.
 */
@Injectable()
export class Seeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seeder');

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const env = getEnv();
    await ensureDemoUser(this.orm.em.fork());
    await ensureSuperAdmin(this.orm.em.fork(), this.hasher, { email: env.SUPER_ADMIN_EMAIL, password: env.superAdminPassword });
    this.logger.log(`demo user and super admin (${env.SUPER_ADMIN_EMAIL}) ready`);
  }
}
