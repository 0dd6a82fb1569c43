import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, RpcException, type ClientProxy } from '@nestjs/microservices';
import { MuxedNatsClient, natsServiceTransport, natsTransport } from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { firstValueFrom, timeout } from 'rxjs';

const ECHO = 'platform-test.muxed.echo';
const SLOW = 'platform-test.muxed.slow';
const REFUSE = 'platform-test.muxed.refuse';

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

  it('drops an answer that comes after its caller gave up, and the next caller gets its own', async () => {
    await expect(send(SLOW, { n: 1, ms: 300 }, 50)).rejects.toThrow(/Timeout/);
    await delay(400);
    expect(await send<{ n: number }>(ECHO, { n: 2 })).toEqual({ n: 2 });
  });
});
