import { ClientNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { createInbox, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { TimeoutError } from 'rxjs';
import { coalesceWrites } from './coalesced-writes.js';

type ReplyHandler = (error: Error | null, message: Msg) => unknown;

interface Mux {
  connection: NatsConnection;
  subscription: Subscription;
  prefix: string;
  waiting: Map<string, ReplyHandler>;
}

/**
 * Nest's NATS client with every reply coming in through one wildcard inbox subscription per
 * connection ("_INBOX.<id>.*", as nats.js's own request() does), instead of a new inbox subscribed
 * and unsubscribed for each request: one protocol operation per request instead of three, and the
 * server's subscription table stays still under load. Packets, headers, errors, timeouts and "no
 * responders" behave exactly as in ClientNats. Its writes are coalesced (coalesceWrites).
 */
export class MuxedNatsClient extends ClientNats {
  private mux?: Mux;
  private lastToken = 0;

  override async createClient(): Promise<NatsConnection> {
    return coalesceWrites((await super.createClient()) as unknown as NatsConnection);
  }

  /**
   * One request's first answer, as `firstValueFrom(send(pattern, data).pipe(timeout(timeoutMs)))`
   * gives it (the same value, the same errors: rxjs's TimeoutError past the time, Nest's own for no
   * responders) without the observables: defer, mergeMap, Observable, the timeout operator and its
   * scheduler were a tenth of what the gateway allocated per request (docs/architecture.md, "A request").
   */
  async request(pattern: string, data: unknown, timeoutMs: number): Promise<unknown> {
    if (!this.natsClient) await this.connect();
    return new Promise((resolve, reject) => {
      let stop = () => undefined as void;
      const timer = setTimeout(() => {
        stop();
        reject(new TimeoutError());
      }, timeoutMs);
      stop = this.publish(this.createPacket(pattern, data), ({ err, response, isDisposed }) => {
        if (!err && response === undefined && !isDisposed) return;
        clearTimeout(timer);
        stop();
        if (err) reject(this.serializeError(err));
        else if (response !== undefined) resolve(this.serializeResponse(response));
        else reject(new Error(`no answer to ${pattern}`));
      });
    });
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => unknown): () => void {
    const packet = this.assignPacketId(partialPacket);
    this.routingMap.set(packet.id, callback);
    const token = String((this.lastToken += 1));
    let mux: Mux | undefined;
    const cleanup = () => {
      this.routingMap.delete(packet.id);
      mux?.waiting.delete(token);
    };
    try {
      mux = this.muxOf(this.natsClient as unknown as NatsConnection);
      mux.waiting.set(token, this.createSubscriptionHandler(packet, callback));
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array | string; headers?: unknown };
      (this.natsClient as unknown as NatsConnection).publish(this.normalizePattern(partialPacket.pattern), serialized.data, {
        reply: `${mux.prefix}.${token}`,
        headers: this.mergeHeaders(serialized.headers) as never,
      });
      return cleanup;
    } catch (error) {
      cleanup();
      callback({ err: error });
      return () => undefined;
    }
  }

  /** The connection's reply subscription, opened on first use (the client resubscribes it after a reconnect). */
  private muxOf(connection: NatsConnection): Mux {
    if (this.mux?.connection === connection && !this.mux.subscription.isClosed()) return this.mux;
    const prefix = createInbox(this.getOptionsProp(this.options, 'inboxPrefix'));
    const waiting = new Map<string, ReplyHandler>();
    const subscription = connection.subscribe(`${prefix}.*`, {
      callback: (error, message) => {
        // An error of the subscription itself (no message) concerns every request waiting on it.
        if (!message) return void [...waiting.values()].forEach((handler) => handler(error, message));
        void waiting.get(message.subject.slice(prefix.length + 1))?.(error, message);
      },
    });
    this.mux = { connection, subscription, prefix, waiting };
    return this.mux;
  }
}
