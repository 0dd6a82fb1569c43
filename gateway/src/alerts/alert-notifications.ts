import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InventoryNotificationSubjects, type AlertNotification } from '@inventory/contracts';
import { filter, Subject, type Observable } from 'rxjs';
import { NATS_CLIENT } from '../nats/nats-client.module.js';
import { NatsListener } from '../nats/nats-listener.js';

/**
 * The alert changes the inventory worker announces, from one NATS subscription per gateway
 * instance, handed to each signed-in user's open event streams.
 */
@Injectable()
export class AlertNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly changes = new Subject<AlertNotification>();
  private readonly listener: NatsListener;

  constructor(@Inject(NATS_CLIENT) nats: ClientProxy) {
    this.listener = new NatsListener(
      nats,
      InventoryNotificationSubjects.alertChanged,
      { message: (message) => this.changes.next(message.json<AlertNotification>()) },
      new Logger('AlertNotifications'),
    );
  }

  onApplicationBootstrap(): void {
    this.listener.start();
  }

  forUser(userId: string): Observable<AlertNotification> {
    return this.changes.pipe(filter((change) => change.userId === userId));
  }

  onApplicationShutdown(): void {
    this.listener.stop();
    this.changes.complete();
  }
}
