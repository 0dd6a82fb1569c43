import { ServerNats, type NatsContext, type NatsOptions } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { coalesceWrites } from './coalesced-writes.js';

/**
 * Nest's NATS server, with three changes:
 * - It works out each subscribed subject's route once. Nest's own does it for every message, by
 *   trying JSON.parse on the subject first: a plain subject throws, and building that exception (a
 *   stack capture) is a measurable part of a small request's cost.
 * - It stops without losing a reply. Nest's graceful close unsubscribes, then waits a fixed grace
 *   period (500 ms): a request received just before, or still in the connection's buffer, lost its
 *   answer and its caller waited out the RPC timeout (a 504 in a rolling restart; docs/operations.md,
 *   "Drills"). Here the subscriptions drain (what reached this process is still handled, nothing new
 *   comes) and the close waits until every request running has answered, at most `gracePeriod`.
 * - Its replies that are ready together go out in one socket write (coalesceWrites).
 */
export class RouteCachingNatsServer extends ServerNats {
  private readonly routes = new Map<string, string>();
  private requestsRunning = 0;
  private readonly answersWithinMs: number;

  constructor(options: Required<NatsOptions>['options']) {
    // Nest's own fixed pause is replaced by the wait for running requests (close).
    super({ ...options, gracefulShutdown: false });
    this.answersWithinMs = options.gracePeriod ?? 10_000;
  }

  override async createNatsClient(): Promise<NatsConnection> {
    return coalesceWrites((await super.createNatsClient()) as unknown as NatsConnection);
  }

  override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      this.routes.set(pattern, route);
    }
    return route;
  }

  /**
   * The reply of one request. A request counts as running from here (Nest makes the publisher as the
   * request arrives) until its last packet is sent: a handler's work runs inside the Observable Nest
   * subscribes to, after handleMessage has returned.
   */
  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: unknown) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    if (!natsMsg.reply) return publish;
    this.requestsRunning += 1;
    let answered = false;
    return (response) => {
      const sent = publish(response);
      const last = (response as { isDisposed?: boolean; err?: unknown }).isDisposed || (response as { err?: unknown }).err !== undefined;
      if (last && !answered) {
        answered = true;
        this.requestsRunning -= 1;
      }
      return sent;
    };
  }

  override async close(): Promise<void> {
    const subscriptions = (this as unknown as { subscriptions: Subscription[] }).subscriptions;
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
    const deadline = Date.now() + this.answersWithinMs;
    while (this.requestsRunning > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return super.close();
  }
}
