import { InventoryMessages as M, type LotChange, type LotQuantity } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { quantityAt, type Stock } from './stock.js';

/*
 * Lots (docs/expiry.md): parts of a place's stock that carry a name, an expiry date or both. The
 * lots at a place never hold more than the place; the rest of it belongs to no lot ("loose" stock).
 * Items without lots never get here: every function returns no changes for them.
 */

export type Lots = readonly LotQuantity[];

export interface LotRef {
  lot: string | null;
  expiresOn: string | null;
}

const sameLot = (a: LotRef, b: LotRef) => a.lot === b.lot && a.expiresOn === b.expiresOn;
const lotsAt = (lots: Lots, locationId: string | null) => lots.filter((entry) => entry.locationId === locationId);
const sum = (lots: Lots) => lots.reduce((total, entry) => total + entry.quantity, 0);

/** Earliest expiry first; lots without a date last, by name. */
const byExpiry = (a: LotRef, b: LotRef) =>
  a.expiresOn === b.expiresOn
    ? (a.lot ?? '').localeCompare(b.lot ?? '')
    : a.expiresOn === null
      ? 1
      : b.expiresOn === null
        ? -1
        : a.expiresOn.localeCompare(b.expiresOn);

/** The lots after the changes: empty ones dropped, in one stable order (so equal lots serialise the same). */
export function applyLotChanges(lots: Lots, changes: readonly LotChange[]): LotQuantity[] {
  const next = lots.map((entry) => ({ ...entry }));
  for (const { locationId, lot, expiresOn, delta } of changes) {
    const entry = next.find((candidate) => candidate.locationId === locationId && sameLot(candidate, { lot, expiresOn }));
    if (entry) entry.quantity += delta;
    else next.push({ locationId, lot, expiresOn, quantity: delta });
  }
  return next
    .filter((entry) => entry.quantity > 0)
    .sort((a, b) => byExpiry(a, b) || (a.locationId ?? '').localeCompare(b.locationId ?? ''));
}

/**
 * The lot stock received at a place goes into: the one named (which keeps the date it has, and
 * refuses another), else the unnamed lot of the date. Nothing for stock with neither.
 */
export function receiveIntoLot(lots: Lots, locationId: string | null, ref: LotRef, quantity: number): LotChange[] {
  if (ref.lot === null && ref.expiresOn === null) return [];
  const named = ref.lot === null ? undefined : lots.find((entry) => entry.lot === ref.lot);
  if (named && ref.expiresOn !== null && named.expiresOn !== ref.expiresOn)
    throw new ServiceError('VALIDATION', M.lotExpiryMismatch(named.lot!, named.expiresOn));
  return [{ locationId, lot: ref.lot, expiresOn: named?.expiresOn ?? ref.expiresOn, delta: quantity }];
}

/**
 * The lots stock leaving a place comes out of: the named lot only, or first the earliest expiry
 * (FEFO), then loose stock, then lots without a date. The caller has checked the place holds
 * `quantity`.
 */
export function takeFromLots(lots: Lots, stock: Stock, locationId: string | null, quantity: number, lot: string | null): LotChange[] {
  const here = lotsAt(lots, locationId);
  if (lot !== null) {
    const named = here.filter((entry) => entry.lot === lot);
    const available = sum(named);
    if (available < quantity) throw new ServiceError('INSUFFICIENT_STOCK', M.insufficientInLot(lot, available));
    return allocate(named, quantity);
  }
  if (here.length === 0) return [];
  const loose = quantityAt(stock, locationId) - sum(here);
  const dated = here.filter((entry) => entry.expiresOn !== null).sort(byExpiry);
  const undated = here.filter((entry) => entry.expiresOn === null).sort(byExpiry);
  const fromDated = allocate(dated, quantity);
  const left = quantity + fromDated.reduce((total, change) => total + change.delta, 0) - loose;
  return left > 0 ? [...fromDated, ...allocate(undated, left)] : fromDated;
}

/** Takes `quantity` from the lots in their order: the changes, each negative. */
function allocate(ordered: Lots, quantity: number): LotChange[] {
  const changes: LotChange[] = [];
  let left = quantity;
  for (const { locationId, lot, expiresOn, quantity: available } of ordered) {
    if (left === 0) break;
    const taken = Math.min(available, left);
    changes.push({ locationId, lot, expiresOn, delta: -taken });
    left -= taken;
  }
  return changes;
}

/** A count naming a lot: the lot's new level at the place (a name not there yet keeps its date from elsewhere). */
export function countLot(lots: Lots, locationId: string | null, lot: string, newLevel: number): LotChange[] {
  const here = lotsAt(lots, locationId).find((entry) => entry.lot === lot);
  const expiresOn = here?.expiresOn ?? lots.find((entry) => entry.lot === lot)?.expiresOn ?? null;
  const delta = newLevel - (here?.quantity ?? 0);
  return delta === 0 ? [] : [{ locationId, lot, expiresOn, delta }];
}

/** The same lots moving to another place. */
export const moveLots = (taken: readonly LotChange[], toLocationId: string | null): LotChange[] => [
  ...taken,
  ...taken.map((change) => ({ ...change, locationId: toLocationId, delta: -change.delta })),
];

/**
 * Undoing a movement's lot changes: each put back or taken back, a lot never below 0 (it may have
 * been used since). Then, at every place whose lots would hold more than the place, the excess
 * leaves the lots earliest expiry first.
 */
export function undoLotChanges(lots: Lots, stockAfter: Stock, changes: readonly LotChange[]): LotChange[] {
  const undone = changes.map((change) => {
    if (change.delta < 0) return { ...change, delta: -change.delta };
    const held = lotsAt(lots, change.locationId).find((entry) => sameLot(entry, change))?.quantity ?? 0;
    return { ...change, delta: -Math.min(held, change.delta) };
  });
  const afterUndo = applyLotChanges(lots, undone);
  const trims = [...new Set(afterUndo.map((entry) => entry.locationId))].flatMap((locationId) => {
    const here = lotsAt(afterUndo, locationId);
    const excess = sum(here) - quantityAt(stockAfter, locationId);
    return excess > 0 ? allocate([...here].sort(byExpiry), excess) : [];
  });
  return [...undone, ...trims].filter((change) => change.delta !== 0);
}

/** A deleted place's lots move to the unassigned bucket with its stock. */
export const relocateLots = (lots: Lots, fromLocationId: string): LotChange[] =>
  moveLots(
    lotsAt(lots, fromLocationId).map(({ locationId, lot, expiresOn, quantity }) => ({ locationId, lot, expiresOn, delta: -quantity })),
    null,
  );

/** The earliest expiry date of the lots, or null. */
export const nearestExpiry = (lots: Lots): string | null =>
  lots.reduce<string | null>(
    (nearest, { expiresOn }) => (expiresOn !== null && (nearest === null || expiresOn < nearest) ? expiresOn : nearest),
    null,
  );
