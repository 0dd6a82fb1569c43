import type { CountLineView, CountSummary, CountView, ItemView, OpenCountRequest } from '@inventory/contracts';
import { http, isHttpError } from './http';
import { listItems } from './inventory';

export type { CountLineView, CountSummary, CountView, OpenCountRequest };

const base = '/api/counts';
const countUrl = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The workspace's counts, newest first. */
export function listCounts(): Promise<CountSummary[]> {
  return http.get<CountSummary[]>(base);
}

export function openCount(body: OpenCountRequest): Promise<CountView> {
  return http.post<CountView>(base, body);
}

export function getCount(id: string): Promise<CountView> {
  return http.get<CountView>(countUrl(id));
}

/** Records (or recounts) how many of an item were counted. */
export function recordCount({ id, itemId, counted }: { id: string; itemId: string; counted: number }): Promise<CountLineView> {
  return http.put<CountLineView>(`${countUrl(id)}/lines/${encodeURIComponent(itemId)}`, { counted });
}

/** 409 naming the items that moved at the place since they were counted, unless `override`. */
export function applyCount({ id, override }: { id: string; override?: boolean }): Promise<CountView> {
  return http.post<CountView>(`${countUrl(id)}/apply`, override ? { override: true } : {});
}

export function cancelCount(id: string): Promise<void> {
  return http.delete<void>(countUrl(id));
}

/**
 * The items a scanned or typed code names: the item whose short code, barcode or SKU it is
 * (GET /api/inventory/by-code), else the items whose name or SKU contains it (the search).
 */
export async function findItemsByCode(code: string): Promise<ItemView[]> {
  try {
    return [await http.get<ItemView>(`/api/inventory/by-code/${encodeURIComponent(code)}`)];
  } catch (error) {
    if (!isHttpError(error) || error.status !== 404) throw error;
  }
  return (await listItems({ search: code, limit: 20 })).items;
}
