import { ClientNats, NatsResponseJSONDeserializer, ServerNats } from '@nestjs/microservices';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer.js';
import { createInbox } from '@nats-io/transport-node';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The three classes in this folder override protected parts of Nest's NATS transport
 * (RouteCachingNatsServer, MuxedNatsClient, the JsonText codec). Nothing in TypeScript stops a Nest
 * upgrade from renaming or reshaping those parts; these tests fail first if it does. On a failure,
 * read the new Nest source before changing the pins.
 */
const require = createRequire(import.meta.url);
// The package's exports hide its package.json: read it beside the resolved entry point.
const nestEntry = require.resolve('@nestjs/microservices');
const nestVersion = (
  JSON.parse(
    readFileSync(join(nestEntry.slice(0, nestEntry.lastIndexOf('@nestjs/microservices')), '@nestjs/microservices/package.json'), 'utf8'),
  ) as { version: string }
).version;

const method = (prototype: object, name: string) => typeof (prototype as Record<string, unknown>)[name] === 'function';

describe('the Nest NATS internals our subclasses rely on', () => {
  it(`is the Nest major version they were written against (12; now ${nestVersion})`, () => {
    expect(nestVersion.split('.')[0]).toBe('12');
  });

  it('ServerNats still works out routes in getRouteFromPattern (RouteCachingNatsServer)', () => {
    expect(method(ServerNats.prototype, 'getRouteFromPattern')).toBe(true);
    expect(
      (ServerNats.prototype as unknown as { getRouteFromPattern(pattern: string): string }).getRouteFromPattern.call(
        Object.create(ServerNats.prototype),
        'inventory.items.list',
      ),
    ).toBe('inventory.items.list');
  });

  it('ServerNats still keeps its subscriptions in `subscriptions` and answers in handleMessage (RouteCachingNatsServer)', () => {
    const server = new ServerNats({}) as unknown as { subscriptions: unknown };
    expect(Array.isArray(server.subscriptions)).toBe(true);
    expect(method(ServerNats.prototype, 'handleMessage')).toBe(true);
    expect(method(ServerNats.prototype, 'close')).toBe(true);
  });

  it('ClientNats still sends through publish() with the helpers MuxedNatsClient calls', () => {
    for (const name of [
      'publish',
      'assignPacketId',
      'createSubscriptionHandler',
      'normalizePattern',
      'mergeHeaders',
      'getOptionsProp',
      'connect',
      'close',
      'createPacket',
      'serializeError',
      'serializeResponse',
    ]) {
      expect([name, method(ClientNats.prototype, name)]).toEqual([name, true]);
    }
    const client = new ClientNats({});
    // Fields MuxedNatsClient reads: the routing map of pending requests and the serializer.
    expect((client as unknown as { routingMap: unknown }).routingMap).toBeInstanceOf(Map);
    expect(typeof (client as unknown as { serializer: { serialize: unknown } }).serializer.serialize).toBe('function');
  });

  it('the NATS record serializer and JSON response deserializer keep their shapes (JsonText codec)', () => {
    expect(method(NatsRecordSerializer.prototype, 'serialize')).toBe(true);
    expect(method(NatsResponseJSONDeserializer.prototype, 'deserialize')).toBe(true);
  });

  it('nats.js still makes inboxes from a prefix (reply subscription per connection)', () => {
    expect(createInbox('_INBOX_gateway')).toMatch(/^_INBOX_gateway\.[A-Za-z0-9]+$/);
  });
});
