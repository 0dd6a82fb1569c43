import type {
  ExpiringLotView,
  ExpiryFilter,
  InventorySettings,
  ItemView,
  ListItemsQuery,
  LocationStockView,
  LotStockView,
  MovementEntry,
  MovementResult,
  MovementType,
  RecordMovementRequest,
  RegisterItemRequest,
  StockStatus,
  TimelineEntryType,
  TransferStockRequest,
  UpdateItemRequest,
} from '@inventory/contracts';
import { HttpError, http } from './http';

export type Item = ItemView;
export type ItemMovement = MovementEntry;
export type {
  ExpiringLotView,
  ExpiryFilter,
  InventorySettings,
  ItemView,
  LocationStockView,
  LotStockView,
  MovementResult,
  MovementType,
  StockStatus,
  TimelineEntryType,
};
export type NewItem = RegisterItemRequest;
export type ItemChanges = UpdateItemRequest;
export type StockMovementInput = RecordMovementRequest;
export type TransferInput = TransferStockRequest;

/** The list filters the screen sends; paging keeps 10,000 items off the page. */
export type ItemFilters = Pick<ListItemsQuery, 'search' | 'status' | 'expiry' | 'limit' | 'offset'>;

export interface ItemPage {
  items: Item[];
  /** Matching items over all pages (X-Total-Count). */
  total: number;
}

const base = '/api/inventory';
const itemUrl = (id: string) => `${base}/${encodeURIComponent(id)}`;

function queryString({ search, status, expiry, limit, offset }: ItemFilters): string {
  const params = new URLSearchParams();
  if (search?.trim()) params.set('search', search.trim());
  if (status) params.set('status', status);
  if (expiry) params.set('expiry', expiry);
  if (limit !== undefined) params.set('limit', String(limit));
  if (offset) params.set('offset', String(offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * One page of items. Read with fetch rather than `http.get` because the total lives in the
 * X-Total-Count header, which the JSON helper does not expose.
 */
export async function listItems(filters: ItemFilters = {}, signal?: AbortSignal): Promise<ItemPage> {
  const res = await fetch(`${base}${queryString(filters)}`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
    signal,
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, res.statusText, text);
  const items = (text ? JSON.parse(text) : []) as Item[];
  const total = Number.parseInt(res.headers.get('x-total-count') ?? '', 10);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export function getItem(id: string): Promise<Item> {
  return http.get<Item>(itemUrl(id));
}

export function createItem(body: NewItem): Promise<Item> {
  return http.post<Item>(base, body);
}

export function updateItem({ id, ...changes }: ItemChanges & { id: string }): Promise<Item> {
  return http.patch<Item>(itemUrl(id), changes);
}

/** Archive: the item leaves the lists, its history stays. */
export function archiveItem(id: string): Promise<void> {
  return http.delete<void>(itemUrl(id));
}

export function recordMovement({ id, ...body }: StockMovementInput & { id: string }): Promise<MovementResult> {
  return http.post<MovementResult>(`${itemUrl(id)}/stock`, body);
}

export function transferStock({ id, ...body }: TransferInput & { id: string }): Promise<MovementResult> {
  return http.post<MovementResult>(`${itemUrl(id)}/transfer`, body);
}

/** The item's timeline, newest first. */
export function listMovements(id: string, limit = 100): Promise<ItemMovement[]> {
  return http.get<ItemMovement[]>(`${itemUrl(id)}/movements?limit=${limit}`);
}

export function undoMovement({ id, movementId }: { id: string; movementId: string }): Promise<MovementResult> {
  return http.post<MovementResult>(`${itemUrl(id)}/movements/${encodeURIComponent(movementId)}/undo`, {});
}

/** Lots expiring within the workspace's warning days or expired, earliest first (docs/expiry.md). */
export function listExpiringLots(): Promise<ExpiringLotView[]> {
  return http.get<ExpiringLotView[]>(`${base}/expiring`);
}

export function getInventorySettings(): Promise<InventorySettings> {
  return http.get<InventorySettings>(`${base}/settings`);
}

export function updateInventorySettings(settings: InventorySettings): Promise<InventorySettings> {
  return http.patch<InventorySettings>(`${base}/settings`, settings);
}
