import { needsReorder, type ItemEvent } from '@inventory/contracts';

/** What the alert consumer knows of one item, as of `version`. */
export interface WatchState {
  itemId: string;
  workspaceId: string;
  version: number;
  stock: number;
  reorderLevel: number;
  active: boolean;
  /** The crossing whose alert is open (stock still at or below the level), if any. */
  openCrossing: Crossing | null;
}

/** The event that took the item to or below its reorder level: its id is the alert's id. */
export interface Crossing {
  eventId: string;
  version: number;
  at: string;
}

export type AlertJob =
  | { kind: 'raise'; itemId: string; workspaceId: string; crossing: Crossing }
  | { kind: 'resolve'; itemId: string; workspaceId: string; crossing: Crossing; resolvedAt: string };

/** Deterministic BullMQ job id: a redelivered event asks for the same job, which BullMQ keeps once. */
export const alertJobId = (job: AlertJob) => `${job.kind}:${job.itemId}:${job.crossing.eventId}`;

/**
 * Applies one event to the watch and says which alert job it calls for. An item enters low stock
 * when an event leaves it at or below its reorder level (stock changes and level changes count, and
 * registering with no stock: out of stock from the start): that raises one alert. Registering with
 * stock waits for the StockReceived that follows. Stock back above the level, or archiving the
 * item, resolves it. Staying low raises nothing more.
 */
export function watchStep(state: WatchState | null, event: ItemEvent): { state: WatchState | null; job: AlertJob | null } {
  if (event.type === 'ItemRegistered') {
    const registered: WatchState = {
      itemId: event.data.itemId,
      workspaceId: event.metadata.workspaceId,
      version: event.version,
      stock: 0,
      reorderLevel: event.data.reorderLevel,
      active: true,
      openCrossing: null,
    };
    return event.data.initialStock === 0 ? evaluate(registered, event) : { state: registered, job: null };
  }
  if (!state) return { state, job: null };
  const next: WatchState = { ...state, version: event.version };
  switch (event.type) {
    case 'ReorderLevelSet':
      return evaluate({ ...next, reorderLevel: event.data.reorderLevel }, event);
    case 'ItemArchived':
      return {
        state: { ...next, active: false, openCrossing: null },
        job: state.openCrossing ? resolve(state, state.openCrossing, event) : null,
      };
    case 'ItemDetailsChanged':
      return { state: next, job: null };
    default:
      return evaluate({ ...next, stock: event.data.stockAfter.total }, event);
  }
}

function evaluate(state: WatchState, event: ItemEvent): { state: WatchState; job: AlertJob | null } {
  if (!state.active) return { state, job: null };
  const low = needsReorder(state.stock, state.reorderLevel);
  if (low && !state.openCrossing) {
    const crossing = { eventId: event.id, version: event.version, at: event.occurredAt };
    return {
      state: { ...state, openCrossing: crossing },
      job: { kind: 'raise', itemId: state.itemId, workspaceId: state.workspaceId, crossing },
    };
  }
  if (!low && state.openCrossing) return { state: { ...state, openCrossing: null }, job: resolve(state, state.openCrossing, event) };
  return { state, job: null };
}

const resolve = (state: WatchState, crossing: Crossing, event: ItemEvent): AlertJob => ({
  kind: 'resolve',
  itemId: state.itemId,
  workspaceId: state.workspaceId,
  crossing,
  resolvedAt: event.occurredAt,
});

/** The alert rules live in contracts (stock-rules.ts), shared with every tier. */
export { alertSeverity } from '@inventory/contracts';
