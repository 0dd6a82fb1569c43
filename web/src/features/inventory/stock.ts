import type { Item, LocationStockView, LotStockView, TimelineEntryType } from '../../api/inventory';

/**
 * antd Select cannot hold null as an option value: this stands for the unassigned bucket
 * (locationId null) in the location pickers.
 */
export const UNASSIGNED = '__unassigned__';
export const UNASSIGNED_LABEL = 'Unassigned';

export const toLocationId = (value: string | undefined | null): string | null => (!value || value === UNASSIGNED ? null : value);
export const toOptionValue = (locationId: string | null): string => locationId ?? UNASSIGNED;

/** spec §4 labels, plus the timeline-only kinds. */
export const MOVEMENT_LABELS: Record<TimelineEntryType, string> = {
  in: 'Added',
  out: 'Removed',
  adjustment: 'Adjusted',
  transfer: 'Transferred',
  undo: 'Undo',
  relocation: 'Relocated',
};

export const MOVEMENT_TYPE_OPTIONS = [
  { value: 'in', label: 'Stock In (add)' },
  { value: 'out', label: 'Stock Out (remove)' },
  { value: 'adjustment', label: 'Adjustment (set new level)' },
] as const;

export type LocationNames = ReadonlyMap<string, string>;
export type CategoryNames = ReadonlyMap<string, string>;
/** Where no list of every place is loaded (a workspace may have thousands): the server's names only. */
export const NO_NAMES: LocationNames = new Map();

/** Like placeName: the item view names its category from a replica that may lag a moment. */
export function categoryName(item: Item, names: CategoryNames): string | null {
  if (!item.categoryId) return null;
  return item.category?.name ?? names.get(item.categoryId) ?? null;
}

/** The server names places from a replica that may lag a moment behind: fall back to the locations list. */
export function placeName(locationId: string | null, serverName: string | null, names: LocationNames): string {
  if (locationId === null) return UNASSIGNED_LABEL;
  return serverName ?? names.get(locationId) ?? 'Unknown location';
}

/** Places that hold stock, for the card and the transfer source. */
export function heldStock(item: Item): LocationStockView[] {
  return item.stockByLocation.filter((entry) => entry.quantity > 0);
}

/** A place as the pickers name it, with what the item holds there: "Van (5 in stock)". */
export const withQuantity = (name: string, quantity: number | undefined) =>
  quantity === undefined ? name : `${name} (${quantity} in stock)`;

/** The picker's value for "no lot named": the server takes the earliest expiry first. */
export const EARLIEST_EXPIRY = '__earliest__';

/**
 * The named lots at a place, to take stock from or count (unnamed dated lots are only ever taken
 * earliest expiry first, as the API names a lot by its name).
 */
export function lotOptions(lots: readonly LotStockView[] | undefined, locationId: string | null) {
  const named = (lots ?? []).filter((entry) => entry.locationId === locationId && entry.lot !== null);
  return [
    { value: EARLIEST_EXPIRY, label: 'Earliest expiry first' },
    ...named.map((entry) => ({
      value: entry.lot!,
      label: `${entry.lot}${entry.expiresOn ? ` · expires ${entry.expiresOn}` : ''} (${entry.quantity} here)`,
    })),
  ];
}

export const toLot = (value: string | undefined | null): string | null => (!value || value === EARLIEST_EXPIRY ? null : value);
