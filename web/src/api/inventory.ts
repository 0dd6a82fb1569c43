import { answer, answerWithTotal, api, type QueryOf, type Schemas } from './client';

export type ItemView = Schemas['ItemDto'];
export type Item = ItemView;
export type ItemMovement = Schemas['MovementEntryDto'];
export type MovementResult = Schemas['MovementResultDto'];
export type ExpiringLotView = Schemas['ExpiringLotDto'];
export type InventorySettings = Schemas['InventorySettingsDto'];
export type LocationStockView = Schemas['LocationStockDto'];
export type LotStockView = Schemas['LotStockDto'];
export type NewItem = Schemas['RegisterItemBody'];
export type ItemChanges = Schemas['UpdateItemBody'];
export type StockMovementInput = Schemas['RecordMovementBody'];
export type TransferInput = Schemas['TransferStockBody'];
export type StockStatus = ItemView['status'];
export type MovementType = StockMovementInput['movementType'];
export type TimelineEntryType = ItemMovement['movementType'];

export type ExpiryFilter = NonNullable<QueryOf<'listItems'>['expiry']>;
export type ItemSort = NonNullable<QueryOf<'listItems'>['sort']>;
export type SortOrder = NonNullable<QueryOf<'listItems'>['order']>;

/** The list filters the screen sends; paging keeps 10,000 items off the page. */
export type ItemFilters = Pick<
  QueryOf<'listItems'>,
  'search' | 'status' | 'expiry' | 'categoryId' | 'locationId' | 'limit' | 'offset' | 'sort' | 'order' | 'after'
>;

export interface ItemPage {
  items: Item[];
  /** Matching items over all pages (X-Total-Count); at least this many when `totalCapped`. */
  total: number;
  /** More items match than `total` (X-Total-Count-Capped): a filter stops counting 1,000 past the page, a search 200. */
  totalCapped: boolean;
  /** The cursor of the page after this one (`after` in its Link rel="next"); null when there is none. */
  next: string | null;
}

/** The `after` of a Link header's rel="next" (docs/api.md). */
export function nextCursorOf(link: string | null): string | null {
  const next = link && /<([^>]*)>\s*;\s*rel="next"/.exec(link);
  return next ? new URL(next[1], 'http://link').searchParams.get('after') : null;
}

const item = (id: string) => ({ params: { path: { id } } });

/** One page of items, with the number of matches over every page. */
export async function listItems({ search, ...filters }: ItemFilters = {}, signal?: AbortSignal): Promise<ItemPage> {
  const query = { ...filters, search: search?.trim() || undefined, offset: filters.offset || undefined };
  const call = api.GET('/api/inventory', { params: { query }, signal });
  const { items, total } = await answerWithTotal(call);
  const { headers } = (await call).response;
  return { items, total, totalCapped: headers.get('x-total-count-capped') === 'true', next: nextCursorOf(headers.get('link')) };
}

export function getItem(id: string): Promise<Item> {
  return answer(api.GET('/api/inventory/{id}', item(id)));
}

export function createItem(body: NewItem): Promise<Item> {
  return answer(api.POST('/api/inventory', { body }));
}

export function updateItem({ id, ...body }: ItemChanges & { id: string }): Promise<Item> {
  return answer(api.PATCH('/api/inventory/{id}', { ...item(id), body }));
}

/** Archive: the item leaves the lists, its history stays. */
export async function archiveItem(id: string): Promise<void> {
  await answer(api.DELETE('/api/inventory/{id}', item(id)));
}

export function recordMovement({ id, ...body }: StockMovementInput & { id: string }): Promise<MovementResult> {
  return answer(api.POST('/api/inventory/{id}/stock', { ...item(id), body }));
}

export function transferStock({ id, ...body }: TransferInput & { id: string }): Promise<MovementResult> {
  return answer(api.POST('/api/inventory/{id}/transfer', { ...item(id), body }));
}

/** The item's timeline, newest first. */
export function listMovements(id: string, limit = 100): Promise<ItemMovement[]> {
  return answer(api.GET('/api/inventory/{id}/movements', { params: { path: { id }, query: { limit } } }));
}

export function undoMovement({ id, movementId }: { id: string; movementId: string }): Promise<MovementResult> {
  return answer(api.POST('/api/inventory/{id}/movements/{movementId}/undo', { params: { path: { id, movementId } }, body: {} }));
}

/** Lots expiring within the workspace's warning days or expired, earliest first (docs/expiry.md). */
export function listExpiringLots(): Promise<ExpiringLotView[]> {
  return answer(api.GET('/api/inventory/expiring'));
}

export function getInventorySettings(): Promise<InventorySettings> {
  return answer(api.GET('/api/inventory/settings'));
}

export function updateInventorySettings(body: InventorySettings): Promise<InventorySettings> {
  return answer(api.PATCH('/api/inventory/settings', { body }));
}
