import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { DEMO_USER_ID } from '@inventory/contracts';
import { DatabaseModule, ServiceError } from '@inventory/platform';
import { text } from 'node:stream/consumers';
import { getEnv } from './config/env.js';
import type { ItemCommand } from './items/domain/item.js';
import { decideItems } from './items/item-writer.js';
import { loadSnapshots } from './items/read-models/item-views.js';
import { migrations } from './migrations/index.js';

/**
 * Seed-only: writes the demo workspace's items with a believable past — each command recorded at
 * its own, earlier time (infra/scripts/seed-demo.mjs makes the plan and pipes it in as JSON).
 * Backdating is deliberately not reachable through any API: this runs as an operator command
 * against the inventory database, only for the demo workspace, and the service's relay publishes
 * the events like any others (so every read model sees the history as it happened).
 *
 *   node services/inventory/dist/seed-demo-history.js < plan.json
 */
export interface DemoHistoryPlan {
  userName: string;
  items: { itemId: string; history: { at: string; command: ItemCommand }[] }[];
}

@Module({ imports: [DatabaseModule.forService({ pgUrl: getEnv().PG_URL, dbName: 'inventory', entities: [], migrations, poolMax: 2 })] })
class SeedModule {}

const logger = new Logger('seed-demo-history');
const plan = JSON.parse(await text(process.stdin)) as DemoHistoryPlan;
const app = await NestFactory.createApplicationContext(SeedModule, { logger: ['error', 'warn'] });
const orm: MikroORM = app.get(MikroORM);
const context = { workspaceId: DEMO_USER_ID, userId: DEMO_USER_ID, userName: plan.userName };
let written = 0;
try {
  for (const { itemId, history } of plan.items) {
    const [state] = await loadSnapshots(orm.em.fork(), [{ itemId, workspaceId: DEMO_USER_ID }], { lock: false });
    if (state.status !== 'absent') continue; // there already: what is missing is added, nothing twice
    assertInThePast(history.map(({ at }) => at));
    for (const { at, command } of history) {
      await orm.em.fork().transactional(async (em) => {
        const { outcomes, append } = await decideItems(
          em,
          [{ itemId, requests: [{ context: { ...context, occurredAt: at }, commands: [command] }] }],
          { lock: true },
        );
        const [[outcome]] = outcomes;
        if (outcome instanceof ServiceError) throw new Error(`${itemId} ${command.type} at ${at}: ${outcome.message}`);
        await append();
      });
    }
    written++;
  }
  logger.log(`${written} items written with their history`);
} finally {
  await app.close();
}

/** Times must go forward and end before now: a history, not a forecast. */
function assertInThePast(times: string[]): void {
  const millis = times.map((at) => Date.parse(at));
  if (millis.some((t, i) => Number.isNaN(t) || t > Date.now() || (i > 0 && t < millis[i - 1])))
    throw new Error('a demo history must be in order and in the past');
}
