import type { ItemView, LocationView, MovementResult, RecordMovementRequest, TransferStockRequest } from '@inventory/contracts';
import { http, isHttpError } from './http';

const enc = encodeURIComponent;

/**
 * The item a scanned or typed code names (its label's short code, one of its barcodes or its SKU),
 * or null when none does (404).
 */
export async function findItemByCode(code: string): Promise<ItemView | null> {
  try {
    return await http.get<ItemView>(`/api/inventory/by-code/${enc(code)}`);
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The place a location label's short code names, or null (404). */
export async function findLocationByCode(code: string): Promise<LocationView | null> {
  try {
    return await http.get<LocationView>(`/api/locations/by-code/${enc(code)}`);
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

/** A movement sent with the caller's Idempotency-Key: a retry with the same key books it once. */
export function recordMovementOnce(itemId: string, body: RecordMovementRequest, idempotencyKey: string): Promise<MovementResult> {
  return http.post<MovementResult>(`/api/inventory/${enc(itemId)}/stock`, body, { idempotencyKey });
}

export function transferStockOnce(itemId: string, body: TransferStockRequest, idempotencyKey: string): Promise<MovementResult> {
  return http.post<MovementResult>(`/api/inventory/${enc(itemId)}/transfer`, body, { idempotencyKey });
}

/** Replaces the item's barcodes with `barcodes` (409 when another item has one of them). */
export function setItemBarcodes(itemId: string, barcodes: string[], idempotencyKey: string): Promise<ItemView> {
  return http.patch<ItemView>(`/api/inventory/${enc(itemId)}`, { barcodes }, { idempotencyKey });
}
