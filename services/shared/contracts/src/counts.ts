import { MAX_STOCK, type NamedRef } from './inventory.js';

/**
 * Stock counts (stocktakes, docs/counts.md), owned by the inventory service: a session counts the
 * stock at one place (or the stock kept at no place), several people record counted quantities at
 * once, and applying books one adjustment per item whose count differs from the books.
 */
export const CountSubjects = {
  open: 'inventory.counts.open',
  list: 'inventory.counts.list',
  get: 'inventory.counts.get',
  record: 'inventory.counts.record',
  apply: 'inventory.counts.apply',
  cancel: 'inventory.counts.cancel',
} as const;

export type CountStatus = 'open' | 'applied' | 'cancelled';
export const COUNT_STATUSES: readonly CountStatus[] = ['open', 'applied', 'cancelled'];

/** Open counts a workspace may hold at once (a per-workspace cap, like every other resource). */
export const MAX_OPEN_COUNTS = 20;
/** Items one count may cover: opening a larger scope is refused, recording more lines too. */
export const MAX_COUNT_ITEMS = 5_000;
/** Counts listed, newest first. */
export const MAX_COUNTS_LISTED = 200;

/** The reason of every adjustment a count books: `Count 2026-11-24` (the day the count was opened, UTC). */
export const countReason = (openedAt: string) => `Count ${openedAt.slice(0, 10)}`;

export const CountMessages = {
  notFound: 'Count not found',
  countedInvalid: `Counted quantity must be a whole number from 0 to ${MAX_STOCK}`,
  overrideInvalid: 'override must be true or false',
  notOpen: 'This count is no longer open',
  alreadyApplied: 'This count has already been applied',
  cancelled: 'This count was cancelled',
  nothingCounted: 'Nothing has been counted yet',
  outOfCategory: "This item is not in this count's category",
  tooManyOpen: `A workspace can have at most ${MAX_OPEN_COUNTS} open counts: apply or cancel one first`,
  tooLarge: `A count can cover at most ${MAX_COUNT_ITEMS.toLocaleString('en-US')} items: choose a location or a category`,
  changedSinceCounted: (names: readonly string[]) =>
    `${names.length} ${names.length === 1 ? 'item has' : 'items have'} moved at this place since ${names.length === 1 ? 'it was' : 'they were'} counted (${names
      .slice(0, 5)
      .join(
        ', ',
      )}${names.length > 5 ? ', …' : ''}): recount ${names.length === 1 ? 'it' : 'them'}, or apply with override to book the counted quantities anyway`,
} as const;

/** locationId absent or null: the stock kept at no place (in a workspace without places, all of it). */
export interface OpenCountRequest {
  locationId?: string | null;
  categoryId?: string | null;
}

export interface CountRef {
  id: string;
}

export interface RecordCountRequest {
  id: string;
  itemId: string;
  counted: number;
}

export interface ApplyCountRequest {
  id: string;
  /** Book the counted quantities even for items that moved at the place since they were counted. */
  override?: boolean;
}

export interface CountPerson {
  id: string;
  name: string | null;
}

export interface CountSummary {
  id: string;
  status: CountStatus;
  /** The place counted; null: the stock kept at no place. */
  location: NamedRef | null;
  category: NamedRef | null;
  createdBy: CountPerson;
  createdAt: string;
  /** When it was applied or cancelled, and by whom. */
  closedAt: string | null;
  closedBy: CountPerson | null;
  /** Items with a counted quantity. */
  countedItems: number;
}

export interface CountLineView {
  itemId: string;
  name: string;
  sku: string | null;
  /** decimal(10,2) as a string. */
  unitPrice: string;
  /**
   * What the books said: for a counted item, its stock at the place when it was counted (for an
   * applied count, when the count was applied); for one not counted yet, its stock there now.
   */
  expected: number;
  /** null until someone counts the item. */
  counted: number | null;
  /** counted − expected; null until counted. */
  variance: number | null;
  /** variance × unit price, exact, e.g. "-19.98"; null until counted. */
  varianceValue: string | null;
  /** The item's stock at the place now. */
  currentQuantity: number;
  /** An open count's item that moved at the place after it was counted: recount it or apply with override. */
  changedSinceCounted: boolean;
  countedBy: CountPerson | null;
  countedAt: string | null;
}

export interface CountTotals {
  /** Lines shown: the items in scope and any other item counted here. */
  items: number;
  counted: number;
  /** Counted items whose count differs from the books. */
  withVariance: number;
  /** Sum of the variances, in units. */
  netVariance: number;
  /** Sum of the variance values (surplus minus shortage). */
  varianceValue: string;
  /** Value of the counted items above the books, and below them (a positive amount). */
  surplusValue: string;
  shortageValue: string;
}

export interface CountView extends CountSummary {
  /** By name; an open count lists the items in scope not counted yet too, an applied or cancelled one only those counted. */
  lines: CountLineView[];
  totals: CountTotals;
}

export interface CountsRpc {
  [CountSubjects.open]: { request: OpenCountRequest; response: CountView };
  [CountSubjects.list]: { request: void; response: CountSummary[] };
  [CountSubjects.get]: { request: CountRef; response: CountView };
  [CountSubjects.record]: { request: RecordCountRequest; response: CountLineView };
  [CountSubjects.apply]: { request: ApplyCountRequest; response: CountView };
  [CountSubjects.cancel]: { request: CountRef; response: CountSummary };
}
