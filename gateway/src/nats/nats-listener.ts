import type { Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { Msg, NatsConnection, Status, Subscription } from '@nats-io/transport-node';
import { setTimeout as delay } from 'node:timers/promises';

const RETRY_MS = 2000;

export interface NatsListenerHandlers {
  message(message: Msg): void;
  /**
   * Whether every message is being heard. Core NATS drops what is published while a client is
   * disconnected: false from a disconnect until the server has the subscription again.
   */
  hearing?(hearing: boolean): void;
}

/**
 * One core NATS subscription for the app's lifetime, on the gateway's shared connection: opened
 * once NATS is reachable, kept across reconnects (the client resubscribes by itself), and opened
 * again should the connection ever be replaced.
 */
export class NatsListener {
  private subscription?: Subscription;
  private closed = false;

  constructor(
    private readonly client: ClientProxy,
    private readonly subject: string,
    private readonly handlers: NatsListenerHandlers,
    private readonly logger: Logger,
  ) {}

  start(): void {
    void this.run();
  }

  stop(): void {
    this.closed = true;
    this.subscription?.unsubscribe();
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      try {
        const connection = (await this.client.connect()) as NatsConnection;
        // Watched from before subscribing, so that no disconnect goes unnoticed.
        const statuses = connection.status();
        this.subscription = connection.subscribe(this.subject, { callback: (error, message) => this.deliver(error, message) });
        await this.hearAfterFlush(connection);
        await this.followStatus(connection, statuses);
      } catch (error) {
        this.logger.warn(`not listening to ${this.subject} yet: ${(error as Error).message}`);
      }
      this.handlers.hearing?.(false);
      if (!this.closed) await delay(RETRY_MS, undefined, { ref: false });
    }
  }

  /** Returns when the connection is closed for good. */
  private async followStatus(connection: NatsConnection, statuses: AsyncIterable<Status>): Promise<void> {
    for await (const status of statuses) {
      if (status.type === 'disconnect') this.handlers.hearing?.(false);
      if (status.type === 'reconnect') void this.hearAfterFlush(connection).catch(() => undefined);
    }
  }

  /** A flush's answer means the server has processed the subscription sent before it. */
  private async hearAfterFlush(connection: NatsConnection): Promise<void> {
    await connection.flush();
    if (!this.closed && !connection.isClosed()) this.handlers.hearing?.(true);
  }

  private deliver(error: Error | null, message: Msg): void {
    if (error) return void this.logger.warn(`${this.subject}: ${error.message}`);
    try {
      this.handlers.message(message);
    } catch (failure) {
      this.logger.warn(`unreadable message on ${this.subject}: ${(failure as Error).message}`);
    }
  }
}
