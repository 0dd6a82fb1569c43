import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { runSql } from '@inventory/platform';

/** A client retries a write within minutes; after a day the key's answer is dropped (Stripe keeps 24 h too). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes the answers older than the TTL; a key used again after that runs as a new request. */
export async function pruneIdempotencyKeys(orm: MikroORM): Promise<number> {
  const [{ pruned }] = await runSql<{ pruned: number }>(
    orm.em.fork(),
    `WITH pruned AS (DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ?) RETURNING 1)
     SELECT count(*)::int AS pruned FROM pruned`,
    [IDEMPOTENCY_KEY_TTL_HOURS],
  );
  return pruned;
}

/** Prunes expired idempotency keys hourly (every instance may: the delete is harmless twice). */
@Injectable()
export class IdempotencyKeyPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyKeyPruner');
  private timer?: NodeJS.Timeout;

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async prune(): Promise<void> {
    await pruneIdempotencyKeys(this.orm).catch((error: Error) => this.logger.warn(`pruning failed: ${error.message}`));
  }
}
