import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, RpcException, type ClientProxy } from '@nestjs/microservices';
import { connect } from '@nats-io/transport-node';
import {
  ANSWER_PART_BYTES,
  JsonText,
  MuxedNatsClient,
  natsConnectionOptions,
  natsServiceTransport,
  natsTransport,
} from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { firstValueFrom, timeout } from 'rxjs';

const ECHO = 'platform-test.muxed.echo';
const SLOW = 'platform-test.muxed.slow';
const REFUSE = 'platform-test.muxed.refuse';
const LARGE = 'platform-test.muxed.large';
const LARGE_TEXT = 'platform-test.muxed.large-text';

/** An answer of about `bytes` bytes, every row different, some characters of more than one byte. */
const largeAnswer = (bytes: number, tag: string) => ({
  tag,
  rows: Array.from({ length: Math.ceil(bytes / 60) }, (_, n) => ({ n, name: `Schraube ${n} – Größe ${n % 97}` })),
});

@Controller()
class EchoController {
  @MessagePattern(ECHO)
  echo(data: { n: number }) {
    return { n: data.n };
  }

  @MessagePattern(SLOW)
  async slow(data: { n: number; ms: number }) {
    await delay(data.ms);
    return { n: data.n };
  }

  @MessagePattern(LARGE)
  large(data: { bytes: number; tag: string }) {
    return largeAnswer(data.bytes, data.tag);
  }

  @MessagePattern(LARGE_TEXT)
  largeText(data: { bytes: number; tag: string }) {
    return new JsonText(JSON.stringify(largeAnswer(data.bytes, data.tag)));
  }

  @MessagePattern(REFUSE)
  refuse() {
    throw new RpcException({ status: 409, message: 'Refused on purpose' });
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const clientName = `muxed-test-${randomUUID()}`;
let service: INestMicroservice;
let client: ClientProxy;

beforeAll(async () => {
  service = await NestFactory.createMicroservice(EchoModule, {
    ...natsServiceTransport(testServers.natsUrl(), 'platform-test'),
    logger: false,
  });
  await service.listen();
  const options = natsTransport(testServers.natsUrl());
  client = ClientProxyFactory.create({ ...options, options: { ...options.options, name: clientName } });
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await service?.close();
});

type Send = <T>(subject: string, data: unknown, ms?: number) => Promise<T>;

/** Both ways of asking: Nest's observable send(), and the client's own request(), which rpc() uses. */
const ways: [string, Send][] = [
  ['send()', <T>(subject: string, data: unknown, ms = 5000) => firstValueFrom(client.send<T>(subject, data).pipe(timeout(ms)))],
  ['request()', <T>(subject: string, data: unknown, ms = 5000) => (client as MuxedNatsClient).request(subject, data, ms) as Promise<T>],
];

/** The client connection's subscriptions, as the NATS server lists them. */
async function serverSideSubscriptions(): Promise<string[]> {
  const res = await fetch(`${process.env.NATS_MONITOR_URL}/connz?subs=1&limit=1024`);
  const { connections } = (await res.json()) as { connections: { name?: string; subscriptions_list?: string[] }[] };
  return connections.find((connection) => connection.name === clientName)?.subscriptions_list ?? [];
}

describe.each(ways)('the NATS client (one reply subscription per connection), asked by %s', (_way, send) => {
  it('gives each of many concurrent requests its own answer', async () => {
    // Routing is what is checked, not speed: a wait long enough for a machine busy with other tests.
    const answers = await Promise.all(Array.from({ length: 300 }, (_, n) => send<{ n: number }>(ECHO, { n }, 30_000)));
    expect(answers.map((answer) => answer.n)).toEqual(Array.from({ length: 300 }, (_, n) => n));
  });

  it('holds one subscription on the server however many requests are waiting', async () => {
    // What is tested is the one subscription and that each caller gets its own answer, not how
    // fast: a generous limit keeps a stalled machine (a full `npm test` run) from failing it.
    const waiting = Array.from({ length: 50 }, (_, n) => send<{ n: number }>(SLOW, { n, ms: 500 }, 30_000));
    await delay(150);
    expect(await serverSideSubscriptions()).toHaveLength(1);
    expect((await Promise.all(waiting)).map((answer) => answer.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });

  it('passes a service error on to its caller alone', async () => {
    const [refused, answered] = await Promise.allSettled([send(REFUSE, {}), send<{ n: number }>(ECHO, { n: 7 })]);
    expect(refused).toMatchObject({ status: 'rejected', reason: { status: 409, message: 'Refused on purpose' } });
    expect(answered).toEqual({ status: 'fulfilled', value: { n: 7 } });
  });

  it('fails at once when no service listens on the subject', async () => {
    const started = Date.now();
    await expect(send('platform-test.muxed.nobody-listens', {})).rejects.toThrow(/Empty response/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('sends the requests made in one turn of the event loop in one socket write', async () => {
    // As HTTP requests arrive: each in its own callback, all of them in one pass of the event loop.
    // Without coalesceWrites each would be written at the end of its own callback's microtasks.
    const socket = (client as unknown as { natsClient: { protocol: { transport: { socket: Socket } } } }).natsClient.protocol.transport
      .socket;
    const write = socket.write;
    let writes = 0;
    socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
      writes += 1;
      return write.apply(this, args);
    } as Socket['write'];
    try {
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          (_, n) =>
            new Promise<{ n: number }>((resolve, reject) => setImmediate(() => send<{ n: number }>(ECHO, { n }).then(resolve, reject))),
        ),
      );
      expect(answers.map((answer) => answer.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      // One write for the twenty; a heartbeat may add one.
      expect(writes).toBeGreaterThanOrEqual(1);
      expect(writes).toBeLessThanOrEqual(2);
    } finally {
      socket.write = write;
    }
  });

  it('joins a large answer sent in parts, while others arrive between its parts', async () => {
    // A page of 100 imported items is about 84 KB: sent in three parts (respondInParts).
    const sizes = [200, 40_000, 84_000, 300_000];
    const answers = await Promise.all(
      sizes.flatMap((bytes) => [
        send<object>(LARGE, { bytes, tag: `plain ${bytes}` }),
        send<JsonText>(LARGE_TEXT, { bytes, tag: `text ${bytes}` }).then((text) => text.parse<object>()),
        send<{ n: number }>(ECHO, { n: bytes }),
      ]),
    );
    expect(answers).toEqual(
      sizes.flatMap((bytes) => [largeAnswer(bytes, `plain ${bytes}`), largeAnswer(bytes, `text ${bytes}`), { n: bytes }]),
    );
  });

  it('drops an answer that comes after its caller gave up, and the next caller gets its own', async () => {
    await expect(send(SLOW, { n: 1, ms: 300 }, 50)).rejects.toThrow(/Timeout/);
    await delay(400);
    expect(await send<{ n: number }>(ECHO, { n: 2 })).toEqual({ n: 2 });
  });
});

describe('a large answer on the bus', () => {
  /** The messages a service sends in answer to one request, as they arrive. */
  async function rawAnswer(subject: string, data: unknown): Promise<{ sizes: number[]; bytes: Buffer }> {
    const connection = await connect(natsConnectionOptions(testServers.natsUrl()));
    try {
      const inbox = `${connection.options.inboxPrefix ?? '_INBOX'}.parts-test-${randomUUID()}`;
      const parts: Uint8Array[] = [];
      const done = new Promise<void>((resolve) => {
        connection.subscribe(inbox, {
          callback: (_error, message) => {
            parts.push(Uint8Array.prototype.slice.call(message.data));
            if (!message.headers?.has('Rpc-Answer-Bytes')) resolve();
          },
        });
      });
      connection.publish(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { reply: inbox });
      await done;
      return { sizes: parts.map((part) => part.byteLength), bytes: Buffer.concat(parts) };
    } finally {
      await connection.close();
    }
  }

  it(`travels in parts of at most ${ANSWER_PART_BYTES} bytes, a small one whole`, async () => {
    const large = await rawAnswer(LARGE_TEXT, { bytes: 84_000, tag: 'raw' });
    expect(large.sizes.length).toBe(Math.ceil(large.bytes.byteLength / ANSWER_PART_BYTES));
    expect(large.sizes.slice(0, -1).every((size) => size === ANSWER_PART_BYTES)).toBe(true);
    expect(JSON.parse(large.bytes.toString())).toEqual(largeAnswer(84_000, 'raw'));

    const small = await rawAnswer(LARGE_TEXT, { bytes: 2_000, tag: 'raw' });
    expect(small.sizes).toHaveLength(1);
    expect(JSON.parse(small.bytes.toString())).toEqual(largeAnswer(2_000, 'raw'));
  });
});
