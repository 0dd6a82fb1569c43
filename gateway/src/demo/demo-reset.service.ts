import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  CatalogSubjects,
  DEMO_CATEGORIES,
  DEMO_ITEMS,
  DEMO_LOCATIONS,
  DEMO_TRANSFER_PLACE,
  DEMO_USER_ID,
  DemoMessages,
  isDemoActor,
  DemoSubjects,
  LocationsSubjects,
  type Actor,
  type DemoStatus,
} from '@inventory/contracts';
import { ServiceError, uuidFromName } from '@inventory/platform';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { AUTH_SETTINGS, type AuthSettings } from '../auth/auth-settings.js';
import { getEnv } from '../config/env.js';
import { REDIS } from '../connections/connections.module.js';
import { CatalogClient, IdentityClient, InventoryClient, LocationsClient } from '../nats/service-clients.js';
import { ImageStore } from '../uploads/image-store.js';

/** The demo items' pictures (infra/demo/make-images.mjs draws them). */
const PICTURES = fileURLToPath(new URL('../../assets/demo-images/', import.meta.url));
const LOCK_KEY = 'demo:reset:lock';
const LAST_KEY = 'demo:reset:last';
/** Longer than any reset takes; a gateway that dies mid-reset frees the lock after it. */
const LOCK_MS = 5 * 60_000;
/** A visitor may not reset more often than this (each reset rewrites ~600 events). */
const MIN_INTERVAL_MS = 60_000;
const SCHEDULE_CHECK_MS = 60_000;
const SEED_CONCURRENCY = 4;

const DEMO_ACTOR: Actor = { userId: DEMO_USER_ID, role: 'user', workspaceId: DEMO_USER_ID, workspaceRole: 'owner', userName: 'Demo User' };

/**
 * Puts the shared demo back to its sample data (docs/demo.md): on a visitor's request and every
 * DEMO_RESET_HOURS. One reset at a time across every gateway (a lock in Redis); each service clears
 * its own part of the demo workspace, then the categories, places, pictures and items with their
 * history are written through the services' usual paths.
 */
@Injectable()
export class DemoReset implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DemoReset');
  private readonly resetHours = getEnv().DEMO_RESET_HOURS;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    private readonly identity: IdentityClient,
    private readonly inventory: InventoryClient,
    private readonly catalog: CatalogClient,
    private readonly locations: LocationsClient,
    private readonly images: ImageStore,
  ) {}

  /** Scheduled resets: the first one seeds a demo that was never set up. */
  onApplicationBootstrap(): void {
    if (!this.settings.demoLoginEnabled || this.resetHours === 0) return;
    const check = () => void this.resetIfDue().catch((error: Error) => this.logger.warn(`scheduled demo reset failed: ${error.message}`));
    this.timer = setInterval(check, SCHEDULE_CHECK_MS).unref();
    check();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  async status(): Promise<DemoStatus> {
    const [lock, last] = await Promise.all([this.redis.get(LOCK_KEY), this.redis.get(LAST_KEY)]);
    const nextResetAt = last && this.resetHours > 0 ? new Date(Date.parse(last) + this.resetHours * 3600_000).toISOString() : null;
    return { resetting: lock !== null, lastResetAt: last, nextResetAt, resetHours: this.resetHours };
  }

  /**
   * A visitor's request: starts a reset unless one runs (then that one counts). Within a minute of
   * the last one, answers 429 and `tooSoon(seconds)` is told how long to wait (Retry-After).
   */
  async request(actor: Actor, tooSoon: (retryAfterSeconds: number) => void): Promise<DemoStatus> {
    if (!isDemoActor(actor)) throw new ServiceError('FORBIDDEN', DemoMessages.demoOnly);
    const last = await this.redis.get(LAST_KEY);
    const waitMs = last ? MIN_INTERVAL_MS - (Date.now() - Date.parse(last)) : 0;
    if (waitMs > 0) {
      tooSoon(Math.ceil(waitMs / 1000));
      throw new ServiceError('TOO_MANY_REQUESTS', DemoMessages.tooSoon);
    }
    void this.startReset();
    return { ...(await this.status()), resetting: true };
  }

  private async resetIfDue(): Promise<void> {
    const { lastResetAt } = await this.status();
    if (lastResetAt && Date.now() - Date.parse(lastResetAt) < this.resetHours * 3600_000) return;
    await this.startReset();
  }

  /** Runs a reset if no gateway is running one; resolves when it is over. */
  private startReset(): Promise<void> {
    this.running ??= this.resetUnderLock()
      .catch((error: Error) => this.logger.error(`demo reset failed: ${error.message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async resetUnderLock(): Promise<void> {
    const token = randomUUID();
    if ((await this.redis.set(LOCK_KEY, token, 'PX', LOCK_MS, 'NX')) !== 'OK') return;
    try {
      const started = Date.now();
      await this.reset();
      await this.redis.set(LAST_KEY, new Date().toISOString());
      this.logger.log(`demo data reset in ${Date.now() - started} ms`);
    } finally {
      // Only our own lock: one that expired and was taken by another gateway stays.
      await this.redis.eval(
        `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
        1,
        LOCK_KEY,
        token,
      );
    }
  }

  private async reset(): Promise<void> {
    const actor = DEMO_ACTOR;
    await Promise.all([
      this.inventory.call(DemoSubjects.clearInventory, undefined, actor),
      this.catalog.call(DemoSubjects.clearCatalog, undefined, actor),
      this.locations.call(DemoSubjects.clearLocations, undefined, actor),
      this.identity.call(DemoSubjects.clearIdentity, undefined, actor),
    ]);
    const categoryIds = new Map<string, string>();
    for (const { name, description } of DEMO_CATEGORIES)
      categoryIds.set(name, (await this.catalog.call(CatalogSubjects.createCategory, { name, description }, actor)).id);
    const locationIds = new Map<string, string>();
    for (const { name, type, parent } of DEMO_LOCATIONS) {
      const parentLocationId = parent === null ? null : (locationIds.get(parent) ?? null);
      locationIds.set(name, (await this.locations.call(LocationsSubjects.createLocation, { name, type, parentLocationId }, actor)).id);
    }
    const queue = [...DEMO_ITEMS];
    const seedNext = async (): Promise<void> => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        await this.inventory.call(
          DemoSubjects.seedItem,
          {
            sku: item.sku,
            categoryId: item.category === null ? null : (categoryIds.get(item.category) ?? null),
            locationId: item.place === null ? null : (locationIds.get(item.place) ?? null),
            transferToLocationId: item.extra === 'transfer' ? (locationIds.get(DEMO_TRANSFER_PLACE) ?? null) : null,
            imageUrl: await this.picture(item.sku),
          },
          actor,
        );
      }
    };
    await Promise.all(Array.from({ length: SEED_CONCURRENCY }, seedNext));
  }

  /** The item's picture in the store, under the same name at every reset (so resets add no files). */
  private async picture(sku: string): Promise<string> {
    const buffer = await readFile(`${PICTURES}${sku}.png`);
    return this.images.save(DEMO_USER_ID, { buffer, mime: 'image/png', ext: 'png' }, uuidFromName(`demo-picture/${sku}`));
  }
}
