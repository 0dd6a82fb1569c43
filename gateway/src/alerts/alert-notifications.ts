import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { InventoryNotificationSubjects, type AlertNotification } from '@inventory/contracts';
import { filter, Subject, type Observable } from 'rxjs';
import { NATS_CLIENT } from '../nats/nats-client.module.js';

const RETRY_MS = 2000;

/**
 * The alert changes the inventory worker announces, from one NATS subscription per gateway
 * instance, handed to each signed-in user's open event streams.
 */
@Injectable()
export class AlertNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AlertNotifications');
  private readonly changes = new Subject<AlertNotification>();
  private subscription?: Subscription;
  private closed = false;

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  onApplicationBootstrap(): void {
    void this.subscribe();
  }

  /** Subscribes once NATS is reachable (the client resubscribes by itself after a reconnect). */
  private async subscribe(): Promise<void> {
    while (!this.closed) {
      try {
        const connection = (await this.nats.connect()) as NatsConnection;
        this.subscription = connection.subscribe(InventoryNotificationSubjects.alertChanged);
        return void this.forward(this.subscription);
      } catch (error) {
        this.logger.warn(`no alert notifications yet: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  forUser(userId: string): Observable<AlertNotification> {
    return this.changes.pipe(filter((change) => change.userId === userId));
  }

  private async forward(subscription: Subscription): Promise<void> {
    for await (const message of subscription) {
      try {
        this.changes.next(message.json<AlertNotification>());
      } catch (error) {
        this.logger.warn(`unreadable alert notification: ${(error as Error).message}`);
      }
    }
  }

  onApplicationShutdown(): void {
    this.closed = true;
    this.subscription?.unsubscribe();
    this.changes.complete();
  }
}
