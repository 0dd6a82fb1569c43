import { DEMO_USER_ID, demoEan13, type DemoItem, type DemoItemSeed } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import type { ItemCommand } from '../items/domain/item.js';

/** How far back the demo's history goes. */
export const HISTORY_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;
const USAGE_REASONS = ['Issued to the team', 'Monthly office use', 'Used on a job', 'Break room', 'Issued to new starters'];

export interface DatedCommand {
  at: string;
  command: ItemCommand;
}

/** A fixed pseudo-random sequence per item (mulberry32): the same demo every time. */
function random(seedText: string): () => number {
  let seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One sample item's past as inventory commands (docs/demo.md): registered about 90 days ago, used
 * every few days and restocked by purchase order when it had fallen to its reorder level (so the
 * charts and reports show deliveries, usage and low-stock crossings), arriving exactly at today's
 * stock. It is made backwards from today, so no last-minute jump is needed to land on the stock.
 * The item's `extra` adds a stock count that found one missing, a movement entered twice and undone,
 * or a transfer of one unit; with `expiresInDays` deliveries come in dated lots of one shelf life,
 * the newest expiring that many days from today. Times are working hours (08:00–17:00 UTC), oldest
 * first, all before `now`.
 */
export function itemHistory(item: DemoItem, number: number, seed: DemoItemSeed, now = Date.now()): DatedCommand[] {
  const { sku, stock, reorderLevel, extra, expiresInDays } = item;
  const { locationId } = seed;
  const next = random(sku);
  const today = now - (now % DAY_MS);
  const at = (daysAgo: number) => new Date(today - Math.floor(daysAgo) * DAY_MS + (8 + next() * 9) * 3600 * 1000).toISOString();
  const later = (time: string, minutes: number) => new Date(Date.parse(time) + minutes * 60_000).toISOString();
  const scale = Math.max(2, reorderLevel, Math.ceil(stock / 4));
  // Newest first while making it.
  const newestFirst: DatedCommand[] = [];
  const add = (time: string, command: ItemCommand) => newestFirst.push({ at: time, command });
  if (extra === 'transfer' && seed.transferToLocationId && stock > 0)
    add(at(1), {
      type: 'TransferStock',
      data: {
        fromLocationId: locationId,
        toLocationId: seed.transferToLocationId,
        quantity: 1,
        reason: 'Workbench display',
        movementId: randomUUID(),
      },
    });
  let level = stock; // the level after the step being made
  let order = 1090 + Math.floor(next() * 20);
  let counted = extra !== 'count';
  let doubled = extra !== 'undo';
  let shelfLifeDays: number | undefined; // set by the newest delivery, the first one made
  const lotOf = (daysAgo: number) => {
    if (expiresInDays === undefined) return {};
    shelfLifeDays ??= daysAgo + expiresInDays;
    return { lot: `L${order}`, expiresOn: new Date(today + (shelfLifeDays - Math.floor(daysAgo)) * DAY_MS).toISOString().slice(0, 10) };
  };
  for (let daysAgo = 2 + Math.floor(next() * 2); daysAgo < HISTORY_DAYS - 2; daysAgo += 3 + Math.floor(next() * 6)) {
    const time = at(daysAgo);
    const high = level > reorderLevel + 2 * scale;
    if (high && next() < 0.7) {
      // A delivery that came when the item had fallen to its reorder level.
      const before = Math.floor(next() * (reorderLevel + 1));
      add(time, {
        type: 'ReceiveStock',
        data: { quantity: level - before, locationId, reason: `Purchase order PO-${order}`, movementId: randomUUID(), ...lotOf(daysAgo) },
      });
      order--;
      level = before;
    } else if (!counted && daysAgo > 15 && level > 0) {
      add(time, {
        type: 'AdjustStock',
        data: { newLevel: level, locationId, reason: 'Stock count: one missing', movementId: randomUUID() },
      });
      level += 1;
      counted = true;
    } else {
      const quantity = 1 + Math.floor(next() * Math.max(1, scale / 2));
      const reason = USAGE_REASONS[Math.floor(next() * USAGE_REASONS.length)];
      if (!doubled && daysAgo > 20 && level >= quantity) {
        // Entered twice by mistake, then undone (the later two, added first as this runs backwards).
        const twice = randomUUID();
        add(later(time, 21), {
          type: 'UndoMovement',
          data: {
            targetMovementId: twice,
            reason: 'Entered twice',
            actorUserId: DEMO_USER_ID,
            mayUndoOthers: true,
            movementId: randomUUID(),
          },
        });
        add(later(time, 4), { type: 'IssueStock', data: { quantity, locationId, reason, movementId: twice } });
        doubled = true;
      }
      add(time, { type: 'IssueStock', data: { quantity, locationId, reason, movementId: randomUUID() } });
      level += quantity;
    }
  }
  add(at(HISTORY_DAYS), {
    type: 'RegisterItem',
    data: {
      name: item.name,
      sku,
      description: null,
      unitPrice: item.unitPrice,
      categoryId: seed.categoryId,
      locationId,
      imageUrl: seed.imageUrl,
      barcodes: [demoEan13(number)],
      reorderLevel,
      initialStock: level,
      movementId: randomUUID(),
    },
  });
  return newestFirst.reverse();
}
