import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isHttpError } from '../../api/http';
import {
  archiveItem,
  createItem,
  getInventorySettings,
  getItem,
  listExpiringLots,
  listItems,
  listMovements,
  recordMovement,
  transferStock,
  undoMovement,
  updateInventorySettings,
  updateItem,
  type InventorySettings,
  type ItemChanges,
  type Item,
  type ItemFilters,
  type ItemPage,
  type NewItem,
  type StockMovementInput,
  type TransferInput,
} from '../../api/inventory';
import { queryKeys } from '../../api/query-keys';
import { uploadImage } from '../../api/uploads';
import { useToast } from '../../lib/toast';
import { useToastMutation } from '../../lib/use-toast-mutation';
import { useCategoryNames } from '../categories/hooks';
import { useLocationNames } from '../locations/hooks';
import type { CategoryNames, LocationNames } from './stock';

/**
 * The names the items' views left out. The inventory service names categories and places from its
 * replicas, which may lag a moment behind one just made; those few are looked up one by one,
 * never by loading every place of a workspace that may have thousands.
 */
export function useMissingNames(items: readonly Item[]): { locationNames: LocationNames; categoryNames: CategoryNames } {
  const unique = (ids: (string | null | false | undefined)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const categoryIds = unique(items.map((item) => !item.category && item.categoryId));
  const locationIds = unique(
    items.flatMap((item) => [
      !item.location && item.locationId,
      ...item.stockByLocation.map((entry) => entry.locationName === null && entry.locationId),
    ]),
  );
  return { locationNames: useLocationNames(locationIds), categoryNames: useCategoryNames(categoryIds) };
}

/**
 * One page of the filtered list; the previous page stays on screen while the next loads. When the
 * page before it has been read, this one is asked for after that page's cursor as well as by number:
 * by number alone a page passes every item before it (docs/reports.md, "At scale").
 */
export function useItems(filters: ItemFilters) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.inventory.page(filters),
    queryFn: ({ signal }) => {
      const { offset = 0, limit } = filters;
      const before =
        limit && offset >= limit
          ? queryClient.getQueryData<ItemPage>(queryKeys.inventory.page({ ...filters, offset: offset - limit }))
          : undefined;
      return listItems({ ...filters, after: before?.next ?? undefined }, signal);
    },
    placeholderData: keepPreviousData,
  });
}

/** One item by id (a notification's link); a refusal (404, 400) is final, so it is not retried. */
export function useItem(id: string | null) {
  return useQuery({
    queryKey: queryKeys.inventory.detail(id ?? ''),
    queryFn: () => getItem(id!),
    enabled: id !== null,
    retry: (failures, error) => !(isHttpError(error) && error.status < 500) && failures < 1,
  });
}

export function useItemMovements(itemId: string | null) {
  return useQuery({
    queryKey: queryKeys.inventory.movements(itemId ?? ''),
    queryFn: () => listMovements(itemId!),
    enabled: itemId !== null,
    // The timeline changes with every movement; a stale one would offer undos already done.
    staleTime: 0,
  });
}

/** The workspace's inventory settings (the expiry warning days); they change rarely. */
export function useInventorySettings() {
  return useQuery({ queryKey: queryKeys.inventory.settings(), queryFn: getInventorySettings, staleTime: 5 * 60_000 });
}

/** The 'Expiring' report: lots within the warning days or past their date. */
export function useExpiringLots(enabled = true) {
  return useQuery({ queryKey: queryKeys.inventory.expiring(), queryFn: listExpiringLots, enabled });
}

export const useUpdateInventorySettings = () =>
  useToastMutation({
    mutationFn: (settings: InventorySettings) => updateInventorySettings(settings),
    success: { title: 'Settings Saved', description: 'The expiry warning has been updated.' },
    failure: 'Failed to save settings',
    // The 'expiring soon' filter and the report follow the warning days.
    invalidates: [queryKeys.inventory.all],
  });

// Stock changes feed the list, the timelines, the dashboard (stats, activity, charts), the
// reports and the low-stock alerts: refresh every reader.
export const INVENTORY_READERS = [
  queryKeys.inventory.all,
  queryKeys.dashboard.all,
  queryKeys.reports.all,
  queryKeys.alerts.all,
  queryKeys.categories.all,
  queryKeys.locations.all,
];

export const useCreateItem = () =>
  useToastMutation({
    // The opening stock is booked at the chosen location by the API, in the same write.
    mutationFn: (body: NewItem) => createItem(body),
    success: { title: 'Item Added', description: 'Inventory item has been added successfully' },
    failure: 'Failed to add item',
    invalidates: INVENTORY_READERS,
  });

export const useUpdateItem = () =>
  useToastMutation({
    mutationFn: (body: ItemChanges & { id: string }) => updateItem(body),
    success: { title: 'Item Updated', description: 'The item has been updated successfully.' },
    failure: 'Failed to update item',
    invalidates: INVENTORY_READERS,
  });

export const useUpdateReorderLevel = () =>
  useToastMutation({
    mutationFn: ({ id, reorderLevel }: { id: string; reorderLevel: number }) => updateItem({ id, reorderLevel }),
    success: { title: 'Reorder Level Updated', description: 'The reorder level has been updated successfully.' },
    failure: 'Failed to update reorder level',
    invalidates: INVENTORY_READERS,
  });

export const useRecordMovement = () =>
  useToastMutation({
    mutationFn: (body: StockMovementInput & { id: string }) => recordMovement(body),
    success: { title: 'Stock Updated', description: 'Stock level has been updated successfully.' },
    failure: 'Failed to update stock',
    invalidates: INVENTORY_READERS,
  });

export const useTransferStock = () =>
  useToastMutation({
    mutationFn: (body: TransferInput & { id: string }) => transferStock(body),
    success: { title: 'Stock Transferred', description: 'Stock has been moved between locations.' },
    failure: 'Failed to transfer stock',
    invalidates: INVENTORY_READERS,
  });

/** A refused undo (409: already undone, would go negative) shows the server's sentence. */
export const useUndoMovement = () =>
  useToastMutation({
    mutationFn: (body: { id: string; movementId: string }) => undoMovement(body),
    success: { title: 'Movement Undone', description: 'The movement has been undone.' },
    failure: 'Failed to undo movement',
    invalidates: INVENTORY_READERS,
  });

export const useArchiveItem = () =>
  useToastMutation({
    mutationFn: (id: string) => archiveItem(id),
    success: { title: 'Item Archived', description: 'The item has been archived.' },
    failure: 'Failed to archive item',
    invalidates: INVENTORY_READERS,
  });

/** spec §8: 'Image uploaded successfully'; failure 'Failed to upload image: {message}'. */
export const UPLOAD_IMAGE_KEY = ['upload-image'] as const;

export function useUploadImage() {
  const toast = useToast();
  return useMutation({
    mutationKey: UPLOAD_IMAGE_KEY,
    mutationFn: (file: File) => uploadImage(file),
    onSuccess: () => toast({ title: 'Image uploaded successfully' }),
    onError: (error) => {
      const status = (error as { status?: number }).status;
      const fallback = status ? `Upload failed: ${status}` : error.message;
      toast({ title: 'Error', description: `Failed to upload image: ${errorMessage(error, fallback)}`, variant: 'destructive' });
    },
  });
}
