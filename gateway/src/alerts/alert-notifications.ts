import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InventoryNotificationSubjects, type AlertNotification } from '@inventory/contracts';
import { filter, finalize, Subject, takeUntil, type Observable } from 'rxjs';
import { getEnv } from '../config/env.js';
import { NATS_CLIENT } from '../nats/nats-client.module.js';
import { NatsListener } from '../nats/nats-listener.js';
import { SessionChangeFeed } from '../auth/session/session-change-feed.js';

/**
 * The alert changes the inventory worker announces, from one NATS subscription per gateway
 * instance, handed to each signed-in user's open event streams. A user holds at most
 * ALERT_STREAMS_PER_USER streams per instance: opening one more ends the oldest, so a client that
 * leaks connections cannot pile up sockets and memory (docs/security.md).
 */
@Injectable()
export class AlertNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly changes = new Subject<AlertNotification>();
  private readonly listener: NatsListener;
  /** Per user, a closer for each open stream, oldest first. */
  private readonly open = new Map<string, Subject<void>[]>();
  private readonly maxPerUser = getEnv().ALERT_STREAMS_PER_USER;

  constructor(@Inject(NATS_CLIENT) nats: ClientProxy, sessions: SessionChangeFeed) {
    // A user's sessions changed (a workspace switch, a membership change, a sign-out): their streams
    // end, and the browser's EventSource reconnects with the session as it is now.
    sessions.usersChanged.subscribe(({ userId }) => {
      if (userId) for (const closer of [...(this.open.get(userId) ?? [])]) closer.next();
    });
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

  /**
   * A new stream of the alert changes of the user's current workspace; `stream` (e.g. with heartbeats
   * merged in) ends when this stream is closed. The per-user cap counts streams of every workspace.
   */
  openStream<T>(userId: string, workspaceId: string, stream: (changes: Observable<AlertNotification>) => Observable<T>): Observable<T> {
    const closer = new Subject<void>();
    const streams = this.open.get(userId) ?? [];
    this.open.set(userId, streams);
    streams.push(closer);
    while (streams.length > this.maxPerUser) streams.shift()!.next();
    const changes = this.changes.pipe(filter((change) => change.workspaceId === workspaceId));
    return stream(changes).pipe(
      takeUntil(closer),
      finalize(() => this.forget(userId, closer)),
    );
  }

  onApplicationShutdown(): void {
    this.listener.stop();
    this.changes.complete();
  }

  private forget(userId: string, closer: Subject<void>): void {
    const streams = this.open.get(userId);
    if (!streams) return;
    const index = streams.indexOf(closer);
    if (index >= 0) streams.splice(index, 1);
    if (streams.length === 0) this.open.delete(userId);
  }
}
