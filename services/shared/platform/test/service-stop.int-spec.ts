import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { ClientProxyFactory, MessagePattern, Payload, type ClientProxy } from '@nestjs/microservices';
import type { ServiceName, Subject } from '@inventory/contracts';
import { MikroORM } from '@mikro-orm/postgresql';
import { createService, DatabaseModule, natsTransport, rpc } from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A service told to stop (SIGTERM in a rolling restart) answers every request it has received,
 * however long each takes within the stop's grace, before it closes its connection
 * (RouteCachingNatsServer; docs/operations.md, "Drills"). Nest's own stop waited 500 ms and dropped
 * the rest: their callers waited out the RPC timeout.
 */
const SLOW = 'platform-test.service-stop.slow' as Subject;

@Controller()
class SlowController {
  @MessagePattern(SLOW)
  async slow(@Payload('data') { ms }: { ms: number }): Promise<{ tookMs: number }> {
    await sleep(ms);
    return { tookMs: ms };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

let service: INestMicroservice;
let client: ClientProxy;

beforeAll(async () => {
  service = await createService({ name: 'platform-stop-test' as ServiceName, module: SlowModule, natsUrl: testServers.natsUrl() });
  client = ClientProxyFactory.create(natsTransport(testServers.natsUrl()));
  await client.connect();
});
afterAll(async () => {
  await client?.close();
});

it('answers the requests it received before it stops, even those that take longer than a second', async () => {
  const answers = [200, 1_500, 2_500].map((ms) => rpc(client, SLOW, { ms } as never, { timeoutMs: 10_000 }));
  await sleep(100); // received and running
  const stopped = service.close();
  expect(await Promise.all(answers)).toEqual([{ tookMs: 200 }, { tookMs: 1_500 }, { tookMs: 2_500 }]);
  await stopped;
});

/**
 * Knex's pool ends only once every connection in use is given back; a service whose connection was
 * never given back (after a database outage) once never stopped. It stops after a few seconds'
 * wait for the pool (OrmLifecycle in database.module.ts).
 */
@Module({
  imports: [DatabaseModule.forService({ pgUrl: testServers.pgUrl(), dbName: 'platform_stop_test', entities: [], migrations: [] })],
})
class DatabaseHoldingModule {}

it('stops within the wait for its connection pool when a connection is never given back', async () => {
  const holding = await createService({
    name: 'platform-stop-pool-test' as ServiceName,
    module: DatabaseHoldingModule,
    natsUrl: testServers.natsUrl(),
  });
  const knex = holding.get<MikroORM>(MikroORM).em.getConnection().getKnex();
  await knex.client.acquireConnection(); // taken and never released
  const started = Date.now();
  await holding.close();
  expect(Date.now() - started).toBeLessThan(8_000);
}, 20_000);
