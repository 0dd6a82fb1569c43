import { setImmediate } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ItemEvent } from '@inventory/contracts';
import { inTransaction, shadowTables } from '@inventory/platform';
import { readEventsAfter } from '../../event-store/event-store.js';
import { evolve } from '../domain/item.decider.js';
import { initialState, type ItemState } from '../domain/item.js';
import { itemViewCopy } from './item-views.js';

const PAGE = 5000;
const ROWS_PER_STATEMENT = 1000;

/**
 * The item list and the tables its triggers keep. A rebuild fills copies of them and swaps them in
 * (shadowTables): item_views keeps its key from the start (built at the end instead, the rebuild was
 * no faster: docs/reports.md, "Rebuilds"); item_barcodes and item_counts, small, keep every index
 * (their triggers look rows up in them as the copy fills).
 */
const LIST_TABLES = ['item_views', 'item_places', 'item_barcodes', 'item_levels', 'item_counts'];
const SHADOW_OPTIONS = { keyed: ['item_views'], indexed: ['item_barcodes', 'item_counts'] };

/**
 * Lets a statement started now, and awaited later, go out (runSql sends it once it has the
 * connection, some ticks later). A failure meanwhile is not an unhandled rejection: the await throws it.
 */
async function letGo(statement: Promise<unknown>): Promise<void> {
  statement.catch(() => undefined);
  await setImmediate();
}

/**
 * Rebuilds the item read model by folding every item stream, in one transaction. The table lock
 * waits for appends in flight and holds new ones back until the commit, so no event is missed;
 * readers keep seeing the old rows until the copies are swapped in (docs/reports.md, "Rebuilds").
 */
export async function rebuildItemViews(orm: MikroORM): Promise<{ items: number; events: number }> {
  return orm.em.fork().transactional(async (em) => {
    const db = inTransaction(em);
    await db.run('LOCK TABLE item_views IN EXCLUSIVE MODE');
    await shadowTables.begin(db, LIST_TABLES, SHADOW_OPTIONS);
    // The events come stream by stream: an item's state is final once the next item's events begin,
    // and is written then, a thousand rows per COPY (copyRows: PostgreSQL reads its text format faster
    // than the rows as one JSON parameter, the upsert's). Each next page is read, and each batch of
    // rows written, while this process folds the events after them: the database and the service
    // work side by side, and the service holds one page and one batch at a time, whatever the store's size.
    let [items, events] = [0, 0];
    let writing = Promise.resolve();
    let finished: ItemState[] = [];
    const write = async (states: ItemState[]) => {
      items += states.length;
      const { table, columns, rows } = itemViewCopy(states);
      await writing;
      writing = db.copy(table, columns, rows);
      await letGo(writing);
    };
    let item: ItemState | undefined;
    for (let reading = readEventsAfter(em, { streamId: '', version: 0 }, PAGE), page: ItemEvent[]; ;) {
      page = await reading;
      events += page.length;
      if (page.length === PAGE) {
        reading = readEventsAfter(em, page[page.length - 1], PAGE);
        await letGo(reading);
      }
      for (const event of page) {
        const itemId = event.streamId.slice('item-'.length);
        if (item?.itemId !== itemId) {
          if (item) finished.push(item);
          item = initialState(itemId);
        }
        // The read model keeps no movements, and carrying them along would copy an ever larger map
        // at every stock event of a long stream.
        item = { ...evolve(item, event), movements: {} };
        if (finished.length === ROWS_PER_STATEMENT) {
          await write(finished);
          finished = [];
        }
      }
      if (page.length < PAGE) break;
    }
    if (item) finished.push(item);
    if (finished.length > 0) await write(finished);
    await writing;
    await shadowTables.commit(db, LIST_TABLES);
    return { items, events };
  });
}
