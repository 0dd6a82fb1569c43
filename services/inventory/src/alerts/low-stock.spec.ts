import type { ItemEvent } from '@inventory/contracts';
import { alertSeverity, watchStep, type AlertJob, type WatchState } from './low-stock.js';

const ITEM = 'item-1';
let version = 0;
const event = (type: ItemEvent['type'], data: object): ItemEvent =>
  ({
    id: `e${++version}`,
    type,
    source: 'inventory',
    streamId: `item-${ITEM}`,
    version,
    occurredAt: `2026-01-01T00:00:${String(version).padStart(2, '0')}.000Z`,
    data: { itemId: ITEM, ...data },
    metadata: { workspaceId: 'u1', userId: 'u1' },
  }) as ItemEvent;

const registered = (reorderLevel: number, initialStock?: number) => event('ItemRegistered', { reorderLevel, initialStock });
const stockTo = (total: number) =>
  event('StockIssued', { movementId: `m${version}`, quantity: 1, locationId: null, reason: 'r', stockAfter: { total, locations: [] } });
const levelTo = (reorderLevel: number) => event('ReorderLevelSet', { reorderLevel });

/** Folds the events and lists the jobs they called for, as "kind@event id of the crossing". */
function jobsFor(...events: ItemEvent[]): string[] {
  let state: WatchState | null = null;
  const jobs: AlertJob[] = [];
  for (const e of events) {
    const step = watchStep(state, e);
    state = step.state;
    if (step.job) jobs.push(step.job);
  }
  return jobs.map((job) => `${job.kind}@${job.crossing.eventId}`);
}

beforeEach(() => {
  version = 0;
});

describe('low-stock crossings', () => {
  it('raises one alert for an item registered with no stock, whatever its reorder level (out of stock)', () => {
    expect(jobsFor(registered(0, 0))).toEqual(['raise@e1']);
    version = 0;
    expect(jobsFor(registered(5, 0), levelTo(3))).toEqual(['raise@e1']);
  });

  it('waits for the opening stock of an item registered with some, and raises nothing above the level', () => {
    expect(jobsFor(registered(2, 10), stockTo(10))).toEqual([]);
    version = 0;
    expect(jobsFor(registered(5, 3), stockTo(3))).toEqual(['raise@e2']);
  });

  it('raises nothing on registration for events from before the opening stock was recorded', () => {
    expect(jobsFor(registered(5))).toEqual([]);
  });

  it('raises one alert when stock falls to the reorder level', () => {
    expect(jobsFor(registered(5), stockTo(10), stockTo(5))).toEqual(['raise@e3']);
  });

  it('raises nothing more while the stock stays low', () => {
    expect(jobsFor(registered(5), stockTo(10), stockTo(4), stockTo(2), stockTo(0))).toEqual(['raise@e3']);
  });

  it('resolves the open alert when stock goes back above the level, and a new crossing raises a new one', () => {
    expect(jobsFor(registered(5), stockTo(10), stockTo(3), stockTo(8), stockTo(1))).toEqual(['raise@e3', 'resolve@e3', 'raise@e5']);
  });

  it('raises when the reorder level is set at or above the stock', () => {
    expect(jobsFor(registered(0), stockTo(10), levelTo(10))).toEqual(['raise@e3']);
  });

  it('does not raise on registration alone', () => {
    expect(jobsFor(registered(5))).toEqual([]);
  });

  it('resolves the open alert of an archived item and watches it no more', () => {
    expect(jobsFor(registered(5), stockTo(2), event('ItemArchived', {}), stockTo(0))).toEqual(['raise@e2', 'resolve@e2']);
  });
});

describe('alert severity', () => {
  it('is critical at 0 or at most half the reorder level, low otherwise', () => {
    expect(alertSeverity(0, 0)).toBe('critical');
    expect(alertSeverity(5, 10)).toBe('critical');
    expect(alertSeverity(6, 10)).toBe('low');
  });
});
