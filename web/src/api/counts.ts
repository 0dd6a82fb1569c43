import { answer, api, type Schemas } from './client';
import { findItemByCode } from './codes';
import { listItems, type ItemView } from './inventory';

export type CountSummary = Schemas['CountSummaryDto'];
export type CountView = Schemas['CountViewDto'];
export type CountLineView = Schemas['CountLineDto'];
export type OpenCountRequest = Schemas['OpenCountBody'];

const path = (id: string) => ({ params: { path: { id } } });

/** The workspace's counts, newest first. */
export function listCounts(): Promise<CountSummary[]> {
  return answer(api.GET('/api/counts'));
}

export function openCount(body: OpenCountRequest): Promise<CountView> {
  return answer(api.POST('/api/counts', { body }));
}

export function getCount(id: string): Promise<CountView> {
  return answer(api.GET('/api/counts/{id}', path(id)));
}

/** Records (or recounts) how many of an item were counted. */
export function recordCount({ id, itemId, counted }: { id: string; itemId: string; counted: number }): Promise<CountLineView> {
  return answer(api.PUT('/api/counts/{id}/lines/{itemId}', { params: { path: { id, itemId } }, body: { counted } }));
}

/** 409 naming the items that moved at the place since they were counted, unless `override`. */
export function applyCount({ id, override }: { id: string; override?: boolean }): Promise<CountView> {
  return answer(api.POST('/api/counts/{id}/apply', { ...path(id), body: override ? { override: true } : {} }));
}

export async function cancelCount(id: string): Promise<void> {
  await answer(api.DELETE('/api/counts/{id}', path(id)));
}

/**
 * The items a scanned or typed code names: the item whose short code, barcode or SKU it is
 * (GET /api/inventory/by-code), else the items whose name or SKU contains it (the search).
 */
export async function findItemsByCode(code: string): Promise<ItemView[]> {
  const item = await findItemByCode(code);
  return item ? [item] : (await listItems({ search: code, limit: 20 })).items;
}
export type CountStatus = CountSummary['status'];
export type CountTotals = Schemas['CountTotalsDto'];
