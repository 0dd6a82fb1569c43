import { MikroORM } from '@mikro-orm/postgresql';
import type { EventEnvelope } from '@inventory/contracts';
import {
  applyEvents,
  ensureDatabase,
  migrate,
  newEvent,
  ormConfig,
  processedEventsMigration,
  withDatabase,
  workspaceClearedEvent,
  type EventHandler,
} from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const dbName = `platform_batch_${randomUUID().slice(0, 8)}`;
let orm: MikroORM;

/** Remembers the batches it was given. */
class RecordingHandler implements EventHandler {
  readonly batches: string[][] = [];
  async handle(): Promise<void> {
    throw new Error('a batch handler is given batches');
  }
  async handleBatch(events: EventEnvelope[]): Promise<void> {
    this.batches.push(events.map((e) => e.data as string));
  }
}

const event = (key: string) =>
  newEvent({ source: 'catalog', type: 'Counted', streamId: `tally-${key}`, data: key, metadata: { workspaceId: 'u1', userId: 'u1' } });
const apply = (handler: EventHandler, events: EventEnvelope[]) =>
  orm.em.fork().transactional((em) => applyEvents(em, 'test-batch', handler, events));

beforeAll(async () => {
  await ensureDatabase(testServers.pgUrl(), dbName);
  orm = await MikroORM.init(ormConfig({ pgUrl: testServers.pgUrl(), dbName, entities: [], migrations: [processedEventsMigration] }));
  await migrate(orm);
});

afterAll(async () => {
  await orm?.close();
  const admin = new pg.Client({ connectionString: withDatabase(testServers.pgUrl(), 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe('applyEvents with a batch handler', () => {
  it('hands over the events not applied before, once each and in order', async () => {
    const handler = new RecordingHandler();
    const [a, b, c] = [event('a'), event('b'), event('c')];
    expect(await apply(handler, [a, b, a])).toBe(2);
    expect(await apply(handler, [b, c, a])).toBe(1);
    expect(await apply(handler, [a, b, c])).toBe(0);
    expect(handler.batches).toEqual([['a', 'b'], ['c']]);
  });

  it('records nothing when the handler fails', async () => {
    const failing = new RecordingHandler();
    failing.handleBatch = () => Promise.reject(new Error('boom'));
    const d = event('d');
    await expect(apply(failing, [d])).rejects.toThrow('boom');
    const handler = new RecordingHandler();
    expect(await apply(handler, [d])).toBe(1);
    expect(handler.batches).toEqual([['d']]);
  });
});

/** Remembers its batches and its clears, in one log. */
class ClearingHandler extends RecordingHandler {
  async clearWorkspace(workspaceId: string): Promise<void> {
    this.batches.push([`clear ${workspaceId}`]);
  }
}

describe('applyEvents with a WorkspaceCleared in the batch', () => {
  const cleared = () =>
    workspaceClearedEvent('catalog', { userId: 'u1', role: 'user', workspaceId: 'u1', workspaceRole: 'owner', userName: 'U' });

  it('applies what came before the clear, then the clear, then what follows, each once', async () => {
    const handler = new ClearingHandler();
    const [e, f, g, clear] = [event('e'), event('f'), event('g'), cleared()];
    expect(await apply(handler, [e, clear, f, g])).toBe(4);
    expect(await apply(handler, [clear, g])).toBe(0);
    expect(handler.batches).toEqual([['e'], ['clear u1'], ['f', 'g']]);
  });

  it('never hands the clear to a handler that keeps nothing to clear', async () => {
    const handler = new RecordingHandler();
    const [h, clear] = [event('h'), cleared()];
    expect(await apply(handler, [clear, h])).toBe(1);
    expect(handler.batches).toEqual([['h']]);
  });
});
