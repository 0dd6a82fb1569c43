import type { Actor } from './envelope.js';
import { DEMO_USER_ID } from './identity.js';
import type { LocationType } from './locations.js';

/**
 * The shared demo (docs/demo.md): its sample data and its reset. The gateway orchestrates a reset:
 * each service that owns data removes the demo workspace's (and says so with a WorkspaceCleared
 * event, so the read models follow in order), the gateway adds the categories, places and pictures
 * through the services' usual paths, and the inventory writes each item with its 90 days of history,
 * timed by the recipe below rather than by any caller. Each subject refuses any actor but the demo
 * account in its own workspace.
 */
/** The only actor a demo reset acts for: the demo account, in its own workspace (anyone else gets 403). */
export const isDemoActor = (actor: Pick<Actor, 'userId' | 'workspaceId'>) =>
  actor.userId === DEMO_USER_ID && actor.workspaceId === DEMO_USER_ID;

export const DemoSubjects = {
  clearInventory: 'inventory.demo.clear',
  clearCatalog: 'catalog.demo.clear',
  clearLocations: 'locations.demo.clear',
  /** The demo account's own settings: notification preferences back to the defaults, no push subscriptions. */
  clearIdentity: 'identity.demo.clear',
  /** Writes one sample item with its history into the demo workspace (nothing if its SKU is there). */
  seedItem: 'inventory.demo.seed-item',
} as const;

export const DEMO_CATEGORIES: readonly { name: string; description: string }[] = [
  { name: 'Electronics', description: 'Computers, peripherals and accessories' },
  { name: 'Office Supplies', description: 'Paper, pens and everyday consumables' },
  { name: 'Tools', description: 'Hand and power tools' },
  { name: 'Cleaning', description: 'Cleaning products and equipment' },
  { name: 'Kitchen', description: 'Break-room food and kitchenware' },
];

/** Parents come first. */
export const DEMO_LOCATIONS: readonly { name: string; type: LocationType; parent: string | null }[] = [
  { name: 'Head Office', type: 'Office', parent: null },
  { name: 'Supply Room', type: 'Storage', parent: 'Head Office' },
  { name: 'Workshop', type: 'Workshop', parent: null },
];

export interface DemoItem {
  name: string;
  sku: string;
  category: string | null;
  place: string | null;
  /** Today's stock: the history is made backwards from it. */
  stock: number;
  reorderLevel: number;
  unitPrice: string;
  /** A moment a visitor can find in the history (docs/demo.md). */
  extra?: 'count' | 'undo' | 'transfer';
  /** Perishables: deliveries come in dated lots, the newest expiring this many days from today (below 0: past). */
  expiresInDays?: number;
}

const item = (
  name: string,
  sku: string,
  category: string | null,
  place: string | null,
  stock: number,
  reorderLevel: number,
  unitPrice: string,
  more: Pick<DemoItem, 'extra' | 'expiresInDays'> = {},
): DemoItem => ({ name, sku, category, place, stock, reorderLevel, unitPrice, ...more });

/** 22 items, 8 of them low or out of stock today. */
export const DEMO_ITEMS: readonly DemoItem[] = [
  item('Wireless Mouse', 'EL-MOU-01', 'Electronics', 'Supply Room', 42, 10, '24.99', { extra: 'undo' }),
  item('USB-C Charger 65W', 'EL-CHG-65', 'Electronics', 'Supply Room', 7, 8, '39.00'),
  item('27" Monitor', 'EL-MON-27', 'Electronics', 'Head Office', 12, 3, '229.00', { extra: 'transfer' }),
  item('Mechanical Keyboard', 'EL-KEY-02', 'Electronics', 'Supply Room', 0, 5, '89.50'),
  item('HDMI Cable 2 m', 'EL-HDM-2M', 'Electronics', 'Supply Room', 65, 20, '8.99'),
  item('Noise-cancelling Headset', 'EL-HDS-01', 'Electronics', 'Head Office', 4, 6, '149.00'),
  item('A4 Copy Paper (500)', 'OS-PAP-A4', 'Office Supplies', 'Supply Room', 120, 40, '5.49'),
  item('Ballpoint Pens (12)', 'OS-PEN-12', 'Office Supplies', 'Supply Room', 18, 15, '3.99'),
  item('Sticky Notes', 'OS-STN-76', 'Office Supplies', 'Supply Room', 3, 10, '2.49'),
  item('Stapler', 'OS-STP-01', 'Office Supplies', 'Head Office', 9, 2, '12.75'),
  item('Whiteboard Markers (4)', 'OS-WBM-04', 'Office Supplies', 'Head Office', 0, 6, '6.20'),
  item('Cordless Drill 18V', 'TL-DRL-18', 'Tools', 'Workshop', 5, 2, '119.00'),
  item('Screwdriver Set', 'TL-SCR-32', 'Tools', 'Workshop', 11, 3, '34.90'),
  item('Measuring Tape 5 m', 'TL-TAP-05', 'Tools', 'Workshop', 2, 4, '9.95'),
  item('Safety Glasses', 'TL-SAF-01', 'Tools', 'Workshop', 30, 10, '4.50'),
  item('All-purpose Cleaner 1 L', 'CL-APC-1L', 'Cleaning', 'Supply Room', 14, 6, '3.79', { extra: 'count' }),
  item('Microfibre Cloths (10)', 'CL-MFC-10', 'Cleaning', 'Supply Room', 6, 6, '7.99'),
  item('Hand Soap Refill', 'CL-SOA-05', 'Cleaning', 'Supply Room', 22, 8, '4.25', { expiresInDays: 150 }),
  item('Coffee Beans 1 kg', 'KI-COF-1K', 'Kitchen', 'Head Office', 3, 5, '18.90', { expiresInDays: 5 }),
  item('Paper Cups (100)', 'KI-CUP-100', 'Kitchen', 'Head Office', 40, 10, '6.49'),
  item('Green Tea (50 bags)', 'KI-TEA-50', 'Kitchen', 'Head Office', 12, 4, '4.99', { expiresInDays: -3 }),
  item('Label Printer Tape', 'OS-LBL-12', null, null, 8, 3, '15.00'),
];

/** Where a transferred demo item's one unit went. */
export const DEMO_TRANSFER_PLACE = 'Workshop';

/**
 * A valid EAN-13 for the demo's nth item (1-based), in the 200–299 prefix range GS1 keeps for a
 * shop's own codes (docs/scanning.md), so the demo can be scanned without clashing with real products.
 */
export function demoEan13(n: number): string {
  const digits = `200000${String(n).padStart(6, '0')}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** What the inventory needs to write one sample item: the ids the reset made for its names. */
export interface DemoItemSeed {
  sku: string;
  categoryId: string | null;
  locationId: string | null;
  /** Where a 'transfer' item's unit went. */
  transferToLocationId: string | null;
  imageUrl: string | null;
}

/** GET /api/demo: when the shared demo was last put back to its sample data, and when it will be next. */
export interface DemoStatus {
  resetting: boolean;
  lastResetAt: string | null;
  /** Null when scheduled resets are off (DEMO_RESET_HOURS=0). */
  nextResetAt: string | null;
  resetHours: number;
}

export const DemoMessages = {
  demoOnly: 'Only the demo account can reset the demo data',
  tooSoon: 'The demo data was reset less than a minute ago',
} as const;

export interface DemoRpc {
  /** Null, not nothing: Nest sends no reply for undefined, which callers would take for "no responders". */
  [DemoSubjects.clearInventory]: { request: void; response: null };
  [DemoSubjects.clearCatalog]: { request: void; response: null };
  [DemoSubjects.clearLocations]: { request: void; response: null };
  [DemoSubjects.clearIdentity]: { request: void; response: null };
  [DemoSubjects.seedItem]: { request: DemoItemSeed; response: { written: boolean } };
}
