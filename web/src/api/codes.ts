import { answer, api, type Schemas } from './client';
import { isHttpError } from './http';
import type { ItemView, MovementResult, StockMovementInput, TransferInput } from './inventory';

/** The answer, or null when the code names nothing (404). */
async function foundOrNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * The item a scanned or typed code names (its label's short code, one of its barcodes or its SKU),
 * or null when none does (404).
 */
export function findItemByCode(code: string): Promise<ItemView | null> {
  return foundOrNull(answer(api.GET('/api/inventory/by-code/{code}', { params: { path: { code } } })));
}

/** The place a location label's short code names, or null (404). */
export function findLocationByCode(code: string): Promise<Schemas['LocationDto'] | null> {
  return foundOrNull(answer(api.GET('/api/locations/by-code/{code}', { params: { path: { code } } })));
}

const once = (id: string, idempotencyKey: string) => ({ params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } } });

/** A movement sent with the caller's Idempotency-Key: a retry with the same key books it once. */
export function recordMovementOnce(itemId: string, body: StockMovementInput, idempotencyKey: string): Promise<MovementResult> {
  return answer(api.POST('/api/inventory/{id}/stock', { ...once(itemId, idempotencyKey), body }));
}

export function transferStockOnce(itemId: string, body: TransferInput, idempotencyKey: string): Promise<MovementResult> {
  return answer(api.POST('/api/inventory/{id}/transfer', { ...once(itemId, idempotencyKey), body }));
}

/** Replaces the item's barcodes with `barcodes` (409 when another item has one of them). */
export function setItemBarcodes(itemId: string, barcodes: string[], idempotencyKey: string): Promise<ItemView> {
  return answer(api.PATCH('/api/inventory/{id}', { ...once(itemId, idempotencyKey), body: { barcodes } }));
}
