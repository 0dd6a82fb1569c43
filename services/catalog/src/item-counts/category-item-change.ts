import type { EventEnvelope, ItemEvent } from '@inventory/contracts';

/** What an inventory event means for the items-per-category read model. */
export type CategoryItemChange =
  | { kind: 'registered'; itemId: string; workspaceId: string; categoryId: string | null }
  | { kind: 'recategorised'; itemId: string; categoryId: string | null }
  | { kind: 'archived'; itemId: string };

/** The change an event makes, or null for the events that do not touch category membership. */
export function categoryItemChange(event: EventEnvelope): CategoryItemChange | null {
  const item = event as ItemEvent;
  switch (item.type) {
    case 'ItemRegistered':
      return { kind: 'registered', itemId: item.data.itemId, workspaceId: item.metadata.workspaceId, categoryId: item.data.categoryId };
    case 'ItemDetailsChanged':
      return 'categoryId' in item.data.changes
        ? { kind: 'recategorised', itemId: item.data.itemId, categoryId: item.data.changes.categoryId ?? null }
        : null;
    case 'ItemArchived':
      return { kind: 'archived', itemId: item.data.itemId };
    default:
      return null;
  }
}
