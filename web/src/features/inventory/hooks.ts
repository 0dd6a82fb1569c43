import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/http';
import {
  archiveItem,
  createItem,
  listItems,
  listMovements,
  recordMovement,
  transferStock,
  undoMovement,
  updateItem,
  type ItemChanges,
  type ItemFilters,
  type NewItem,
  type StockMovementInput,
  type TransferInput,
} from '../../api/inventory';
import { queryKeys } from '../../api/query-keys';
import { uploadImage } from '../../api/uploads';
import { useToast } from '../../lib/toast';

/** One page of the filtered list; the previous page stays on screen while the next loads. */
export function useItems(filters: ItemFilters) {
  return useQuery({
    queryKey: queryKeys.inventory.page(filters),
    queryFn: ({ signal }) => listItems(filters, signal),
    placeholderData: keepPreviousData,
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

// Stock changes feed the list, the timelines, the dashboard (stats, activity, charts), the
// reports and the low-stock alerts: refresh every reader.
function useInvalidateInventory() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        queryKeys.inventory.all,
        queryKeys.dashboard.all,
        queryKeys.reports.all,
        queryKeys.alerts.all,
        queryKeys.categories.all,
        queryKeys.locations.all,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

const failure = (fallback: string) => (error: Error) => ({
  title: 'Error',
  description: errorMessage(error, fallback),
  variant: 'destructive' as const,
});

export function useCreateItem() {
  const toast = useToast();
  const invalidate = useInvalidateInventory();
  return useMutation({
    // The opening stock is booked at the chosen location by the API, in the same write.
    mutationFn: (body: NewItem) => createItem(body),
    onSuccess: async () => {
      toast({ title: 'Item Added', description: 'Inventory item has been added successfully' });
      await invalidate();
    },
    onError: (error) => toast(failure('Failed to add item')(error)),
  });
}

export function useUpdateItem() {
  const toast = useToast();
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (body: ItemChanges & { id: string }) => updateItem(body),
    onSuccess: async () => {
      toast({ title: 'Item Updated', description: 'The item has been updated successfully.' });
      await invalidate();
    },
    onError: (error) => toast(failure('Failed to update item')(error)),
  });
}

export function useUpdateReorderLevel() {
  const toast = useToast();
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ id, reorderLevel }: { id: string; reorderLevel: number }) => updateItem({ id, reorderLevel }),
    onSuccess: async () => {
      toast({ title: 'Reorder Level Updated', description: 'The reorder level has been updated successfully.' });
      await invalidate();
    },
    onError: (error) => toast(failure('Failed to update reorder level')(error)),
  });
}

export function useRecordMovement() {
  const toast = useToast();
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (body: StockMovementInput & { id: string }) => recordMovement(body),
    onSuccess: async () => {
      toast({ title: 'Stock Updated', description: 'Stock level has been updated successfully.' });
      await invalidate();
    },
    onError: (error) => toast(failure('Failed to update stock')(error)),
  });
}

export function useTransferStock() {
  const toast = useToast();
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (body: TransferInput & { id: string }) => transferStock(body),
    onSuccess: async () => {
      toast({ title: 'Stock Transferred', description: 'Stock has been moved between locations.' });
      await invalidate();
    },
    onError: (error) => toast(failure('Failed to transfer stock')(error)),
  });
}

/** A refused undo (409: already undone, would go negative) shows the server's sentence. */
export function useUndoMovement() {
  const toast = useToast();
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (body: { id: string; movementId: string }) => undoMovement(body),
    onSuccess: async () => {
      toast({ title: 'Movement Undone', description: 'The movement has been undone.' });
      await invalidate();
    },
    onError: (error) => toast(failure('Failed to undo movement')(error)),
  });
}

export function useArchiveItem() {
  const toast = useToast();
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (id: string) => archiveItem(id),
    onSuccess: async () => {
      toast({ title: 'Item Archived', description: 'The item has been archived.' });
      await invalidate();
    },
    onError: (error) => toast(failure('Failed to archive item')(error)),
  });
}

/** SPEC 8: 'Image uploaded successfully'; failure 'Failed to upload image: {message}'. */
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
