import type { MikroORM } from '@mikro-orm/postgresql';
import type { ItemEvent } from '@inventory/contracts';
import { sqlOf } from '../../database/sql.js';
import { readEventsAfter } from '../../event-store/event-store.js';
import { evolve } from '../domain/item.decider.js';
import { initialState, type ItemState } from '../domain/item.js';
import { itemViewUpsert } from './item-views.js';

const PAGE = 5000;

/**
 * Rebuilds the item read model by folding every item stream, in one transaction. The table lock
 * waits for appends in flight and holds new ones back until the commit, so no event is missed;
 * readers keep seeing the old rows until then.
 */
export async function rebuildItemViews(orm: MikroORM): Promise<{ items: number; events: number }> {
  return orm.em.fork().transactional(async (em) => {
    const sql = sqlOf(em);
    await sql('LOCK TABLE item_views IN EXCLUSIVE MODE');
    await sql('DELETE FROM item_views');
    const states = new Map<string, ItemState>();
    let events = 0;
    for (let after = { streamId: '', version: 0 }, page: ItemEvent[]; ;) {
      page = await readEventsAfter(em, after, PAGE);
      events += page.length;
      for (const event of page) {
        const itemId = event.streamId.slice('item-'.length);
        // The read model keeps no movements, and carrying them along would copy an ever larger map
        // at every stock event of a long stream.
        states.set(itemId, { ...evolve(states.get(itemId) ?? initialState(itemId), event), movements: {} });
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1];
    }
    const all = [...states.values()];
    for (let i = 0; i < all.length; i += PAGE / 5) {
      const { sql: upsert, params } = itemViewUpsert(all.slice(i, i + PAGE / 5));
      await sql(upsert, params);
    }
    return { items: states.size, events };
  });
}
