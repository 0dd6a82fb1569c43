import type { NatsConnection } from '@nats-io/transport-node';

interface ProtocolOfConnection {
  flushPending?: () => void;
  outbound?: { size(): number };
  pendingLimit?: number;
}

/**
 * Makes a connection send what it has to send once per turn of the event loop instead of once per
 * message. nats.js writes its buffer to the socket at the end of the microtask queue of whatever
 * queued it: under load every HTTP request, every reply and every acknowledgement became its own
 * socket write, and on this VM a write over loopback costs more than the JavaScript around it
 * (docs/architecture.md, "A request"). Here the write waits for setImmediate, which runs right after
 * the event loop has handled every socket that was ready: requests that arrived together go out
 * together, at no cost in latency. Past the library's own limit (32 KB by default) the buffer is
 * written at once, as before.
 *
 * A close writes what is still waiting first: nats.js's close destroys the socket without writing
 * its buffer, so a reply sent just before a service's stop was lost and its caller waited out the
 * RPC timeout (service-stop.int-spec.ts caught it when the reply and the stop fell in one turn).
 */
export function coalesceWrites<C extends NatsConnection>(connection: C): C {
  const protocol = (connection as unknown as { protocol?: ProtocolOfConnection }).protocol;
  // A nats.js that no longer looks as expected keeps its own way (muxed-nats-client.int-spec.ts then fails).
  if (typeof protocol?.flushPending !== 'function' || !protocol.outbound || protocol.pendingLimit === undefined) return connection;
  const writeNow = protocol.flushPending.bind(protocol);
  let scheduled = false;
  protocol.flushPending = () => {
    if (protocol.outbound!.size() >= protocol.pendingLimit!) return writeNow();
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      writeNow();
    });
  };
  const close = connection.close.bind(connection);
  connection.close = () => {
    writeNow();
    return close();
  };
  return connection;
}
