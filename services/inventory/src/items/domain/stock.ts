import type { LocationQuantity, LotQuantity, StockAfter } from '@inventory/contracts';

/** A change of the quantity at one place (null: the unassigned bucket). */
export interface StockChange {
  locationId: string | null;
  delta: number;
}

export type Stock = readonly LocationQuantity[];

export const quantityAt = (stock: Stock, locationId: string | null): number =>
  stock.find((entry) => entry.locationId === locationId)?.quantity ?? 0;

export const totalOf = (stock: Stock): number => stock.reduce((sum, entry) => sum + entry.quantity, 0);

/**
 * The stock after the changes: places with 0 are dropped, the unassigned bucket comes first and the
 * rest by id, so equal stock always serialises the same way.
 */
export function applyChanges(stock: Stock, changes: readonly StockChange[]): LocationQuantity[] {
  const quantities = new Map(stock.map((entry) => [entry.locationId, entry.quantity]));
  for (const { locationId, delta } of changes) quantities.set(locationId, (quantities.get(locationId) ?? 0) + delta);
  return [...quantities]
    .filter(([, quantity]) => quantity !== 0)
    .map(([locationId, quantity]) => ({ locationId, quantity }))
    .sort((a, b) => (a.locationId === null ? -1 : b.locationId === null ? 1 : a.locationId.localeCompare(b.locationId)));
}

/** The recorded fact: lots only when there are any, so events of items without lots stay as they were. */
export const toStockAfter = (stock: Stock, lots: readonly LotQuantity[] = []): StockAfter =>
  lots.length > 0 ? { total: totalOf(stock), locations: [...stock], lots: [...lots] } : { total: totalOf(stock), locations: [...stock] };
