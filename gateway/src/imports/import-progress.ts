import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ImportNotificationSubjects, type ImportProgressNotification, type ImportView } from '@inventory/contracts';
import { filter, map, Subject, type Observable } from 'rxjs';
import { NATS_CLIENT } from '../nats/nats-client.module.js';
import { NatsListener } from '../nats/nats-listener.js';

/** The import progress the inventory worker announces, from one NATS subscription per gateway instance. */
@Injectable()
export class ImportProgress implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly changes = new Subject<ImportProgressNotification>();
  private readonly listener: NatsListener;

  constructor(@Inject(NATS_CLIENT) nats: ClientProxy) {
    this.listener = new NatsListener(
      nats,
      ImportNotificationSubjects.progress,
      { message: (message) => this.changes.next(message.json<ImportProgressNotification>()) },
      new Logger('ImportProgress'),
    );
  }

  onApplicationBootstrap(): void {
    this.listener.start();
  }

  /** One import's changes, for a member of its workspace. */
  of(workspaceId: string, importId: string): Observable<ImportView> {
    return this.changes.pipe(
      filter((change) => change.workspaceId === workspaceId && change.import.id === importId),
      map((change) => change.import),
    );
  }

  onApplicationShutdown(): void {
    this.listener.stop();
    this.changes.complete();
  }
}
