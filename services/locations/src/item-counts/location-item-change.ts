import { STOCK_EVENT_TYPES, type EventEnvelope, type ItemEvent, type LocationQuantity } from '@inventory/contracts';

/** What an inventory event means for the items-per-location read model. */
export type LocationItemChange =
  | { kind: 'registered'; itemId: string; workspaceId: string }
  | { kind: 'archived'; itemId: string }
  /** The item's whole stock per location after the event (the unassigned bucket left out). */
  | { kind: 'stock'; itemId: string; workspaceId: string; locations: { locationId: string; quantity: number }[] };

type StockEvent = Extract<ItemEvent, { type: (typeof STOCK_EVENT_TYPES)[number] }>;

const isStockEvent = (event: ItemEvent): event is StockEvent => (STOCK_EVENT_TYPES as readonly string[]).includes(event.type);
const inALocation = (entry: LocationQuantity): entry is { locationId: string; quantity: number } =>
  entry.locationId !== null && entry.quantity > 0;

/** The change an event makes, or null for the events that do not touch where items are. */
export function locationItemChange(event: EventEnvelope): LocationItemChange | null {
  const item = event as ItemEvent;
  if (item.type === 'ItemRegistered') return { kind: 'registered', itemId: item.data.itemId, workspaceId: item.metadata.workspaceId };
  if (item.type === 'ItemArchived') return { kind: 'archived', itemId: item.data.itemId };
  if (!isStockEvent(item)) return null;
  const locations = item.data.stockAfter.locations.filter(inALocation).map(({ locationId, quantity }) => ({ locationId, quantity }));
  return { kind: 'stock', itemId: item.data.itemId, workspaceId: item.metadata.workspaceId, locations };
}
