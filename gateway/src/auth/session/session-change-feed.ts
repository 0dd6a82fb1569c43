import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { GatewayNotificationSubjects } from '@inventory/contracts';
import { NATS_CLIENT } from '../../nats/nats-client.module.js';
import { Subject } from 'rxjs';
import { NatsListener } from '../../nats/nats-listener.js';
import { SessionCache, type SessionChange } from './session-cache.js';

type Announcement = SessionChange & { from: string };

/** How long a session change waits for NATS to confirm it passed the notice on. */
const ANNOUNCE_WAIT_MS = 1000;

/**
 * Keeps every gateway instance's session cache true: a change made here is dropped here at once and
 * announced to the others, and the others' announcements are applied here. The cache only works
 * while announcements can be heard.
 */
@Injectable()
export class SessionChangeFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly cache = new SessionCache();
  /** Every change made here or announced by another instance (e.g. alert streams end on a user's change). */
  readonly usersChanged = new Subject<SessionChange>();
  private readonly instanceId = randomUUID();
  private readonly logger = new Logger('SessionChangeFeed');
  private readonly listener: NatsListener;

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {
    this.listener = new NatsListener(
      nats,
      GatewayNotificationSubjects.sessionsChanged,
      { message: (message) => this.applyAnnounced(message.json<Announcement>()), hearing: (hearing) => this.cache.setEnabled(hearing) },
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.listener.start();
  }

  /**
   * Call once the change is stored. Resolves when the NATS server has passed the change on to the
   * other instances (a flush), so that a sign-out is answered only once it holds everywhere.
   */
  async announce(change: SessionChange): Promise<void> {
    this.cache.forget(change);
    this.usersChanged.next(change);
    try {
      const connection = (await this.nats.connect()) as NatsConnection;
      const announcement: Announcement = { ...change, from: this.instanceId };
      connection.publish(GatewayNotificationSubjects.sessionsChanged, JSON.stringify(announcement));
      await Promise.race([connection.flush(), delay(ANNOUNCE_WAIT_MS, undefined, { ref: false })]);
    } catch (error) {
      // Other instances that still hear NATS re-read the session within SESSION_CACHE_TTL_MS.
      this.logger.warn(`session change not announced: ${(error as Error).message}`);
    }
  }

  /** Our own announcements come back too; they were applied when made. */
  private applyAnnounced({ from, ...change }: Announcement): void {
    if (from === this.instanceId) return;
    this.cache.forget(change);
    this.usersChanged.next(change);
  }

  onApplicationShutdown(): void {
    this.listener.stop();
  }
}
