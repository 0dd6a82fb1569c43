import { Controller, Logger, Module, type INestMicroservice } from '@nestjs/common';
import { ClientProxyFactory, MessagePattern, type ClientProxy } from '@nestjs/microservices';
import type { ServiceName, Subject } from '@inventory/contracts';
import { createService, currentRequestId, natsTransport, rpc, runWithRequestId } from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { stripVTControlCharacters } from 'node:util';
import { firstValueFrom, timeout } from 'rxjs';

/**
 * A request's id follows it from the gateway over NATS into the service that serves it
 * (docs/operations.md, "Logs"): rpc() sends the caller's, createService runs the handler under it.
 */
const WHO = 'platform-test.request-id.who' as Subject;

@Controller()
class WhoController {
  @MessagePattern(WHO)
  async who(): Promise<{ requestId: string | null }> {
    await Promise.resolve(); // still known after an await
    new Logger('Who').log('handling');
    return { requestId: currentRequestId() ?? null };
  }
}

@Module({ controllers: [WhoController] })
class WhoModule {}

let service: INestMicroservice;
let client: ClientProxy;

beforeAll(async () => {
  service = await createService({ name: 'platform-test' as ServiceName, module: WhoModule, natsUrl: testServers.natsUrl() });
  client = ClientProxyFactory.create(natsTransport(testServers.natsUrl()));
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await service?.close();
});

/** What this process prints to standard output while `work` runs. */
async function printedDuring(work: () => Promise<unknown>): Promise<string> {
  const written: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    written.push(String(chunk));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    await work();
  } finally {
    process.stdout.write = write;
  }
  return stripVTControlCharacters(written.join('')); // without the terminal's colours
}

it('serves a request under the id of the request that sent it, and logs with it', async () => {
  let answer: unknown;
  const printed = await printedDuring(async () => {
    answer = await runWithRequestId('req-4711', () => rpc(client, WHO, undefined as never));
  });
  expect(answer).toEqual({ requestId: 'req-4711' });
  expect(printed).toMatch(/\[Who\] \[req req-4711\] handling/);
});

it('serves a request sent outside any request without an id', async () => {
  expect(await rpc(client, WHO, undefined as never)).toEqual({ requestId: null });
});

it('ignores an id it could not print safely', async () => {
  const envelope = { data: undefined, meta: { requestId: 'forged\nERROR everything is down' } };
  const answer = await firstValueFrom(client.send(WHO, envelope).pipe(timeout(5000)));
  expect(answer).toEqual({ requestId: null });
});
