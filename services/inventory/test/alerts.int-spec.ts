import {
  InventoryMessages as M,
  InventoryNotificationSubjects,
  InventorySubjects as S,
  type Actor,
  type AlertNotification,
} from '@inventory/contracts';
import { eventually, queryDb } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { applyAlertJob } from '../src/alerts/alert-writer.js';
import { newActor, startInventory, type InventoryHarness } from './support/inventory.js';

let inv: InventoryHarness;
let owner: Actor;
const notifications: AlertNotification[] = [];

beforeAll(async () => {
  inv = await startInventory({ worker: true });
  const subscription = inv.events.nc.subscribe(InventoryNotificationSubjects.alertChanged);
  void (async () => {
    for await (const msg of subscription) notifications.push(msg.json<AlertNotification>());
  })();
}, 300_000);
afterAll(async () => {
  await inv?.close();
});
beforeEach(() => {
  owner = newActor();
});

const register = (currentStock: number, reorderLevel: number, actor = owner) =>
  inv.call(S.registerItem, { name: 'Filter', unitPrice: '4.00', currentStock, reorderLevel }, actor);
const move = (id: string, movementType: 'in' | 'out' | 'adjustment', quantity: number) =>
  inv.call(S.recordMovement, { id, movementType, quantity, reason: 'r' }, owner);
const unread = (actor = owner) => inv.call(S.listLowStockAlerts, undefined, actor);
const firstUnread = () => eventually(async () => (await unread())[0], 10_000);
/** Waits until the alert consumer and the worker have handled everything up to now. */
const settled = async (itemId: string) => {
  await inv.runtime.flushOutbox();
  await eventually(async () => {
    const [watch] = await queryDb('inventory', 'SELECT version FROM low_stock_watch WHERE item_id = $1', [itemId]);
    const [item] = await queryDb('inventory', 'SELECT version FROM item_views WHERE id = $1', [itemId]);
    return watch?.version === item.version;
  }, 10_000);
  await eventually(async () => (await inv.alertJobsPending()) === 0, 10_000);
};

describe('low-stock alerts', () => {
  it('raises one critical alert for an item created with stock 0 and reorder level 0 (out of stock)', async () => {
    const item = await register(0, 0);
    await settled(item.id);
    expect(await unread()).toEqual([
      {
        id: expect.any(String),
        itemId: item.id,
        severity: 'critical',
        isRead: false,
        createdAt: expect.any(String),
        item: { id: item.id, name: 'Filter', currentStock: 0, reorderLevel: 0 },
      },
    ]);
  });

  it('raises nothing for an item created with stock above its reorder level', async () => {
    const item = await register(3, 1);
    await settled(item.id);
    expect(await unread()).toEqual([]);
  });

  it('raises one alert when stock falls to the reorder level, and none more while it stays low', async () => {
    const item = await register(10, 5);
    await move(item.id, 'out', 5);
    await move(item.id, 'out', 1);
    await eventually(async () => (await unread()).length === 1, 10_000);
    await settled(item.id);
    const alerts = await unread();
    expect(alerts).toEqual([
      {
        id: expect.any(String),
        itemId: item.id,
        severity: 'low',
        isRead: false,
        createdAt: expect.any(String),
        item: { id: item.id, name: 'Filter', currentStock: 4, reorderLevel: 5 },
      },
    ]);
    expect(notifications.filter((n) => n.workspaceId === owner.workspaceId)).toEqual([
      { kind: 'raised', workspaceId: owner.workspaceId, alert: expect.objectContaining({ id: alerts[0].id }) },
    ]);
  });

  it('is critical at 0 or at most half the reorder level', async () => {
    const item = await register(10, 8);
    await move(item.id, 'out', 6);
    await eventually(async () => (await unread())[0]?.severity === 'critical', 10_000);
  });

  it('raises an alert when the reorder level is set at or above the stock', async () => {
    const item = await register(3, 0);
    await inv.call(S.updateItem, { id: item.id, reorderLevel: 3 }, owner);
    await eventually(async () => (await unread()).length === 1, 10_000);
  });

  it('takes a read alert off the list; stock back above the level resolves it and a new crossing raises a new one', async () => {
    const item = await register(10, 5);
    await move(item.id, 'out', 6);
    const first = await firstUnread();
    expect(await inv.call(S.markAlertRead, { id: first.id }, owner)).toMatchObject({ id: first.id, isRead: true });
    expect(await unread()).toEqual([]);
    await move(item.id, 'in', 10);
    await eventually(
      async () => (await queryDb('inventory', 'SELECT resolved_at FROM alerts WHERE id = $1', [first.id]))[0].resolved_at !== null,
      10_000,
    );
    await move(item.id, 'adjustment', 0);
    const second = await firstUnread();
    expect(second.id).not.toBe(first.id);
    expect(second.severity).toBe('critical');
    await settled(item.id);
    const rows = await queryDb('inventory', 'SELECT id FROM alerts WHERE item_id = $1', [item.id]);
    expect(rows).toHaveLength(2);
  });

  it("answers 404 for another user's alert and lists only one's own", async () => {
    const item = await register(1, 1);
    await move(item.id, 'out', 1);
    const alert = await firstUnread();
    const intruder = newActor();
    expect(await unread(intruder)).toEqual([]);
    expect(await inv.refusal(S.markAlertRead, { id: alert.id }, intruder)).toMatchObject({ status: 404, message: M.alertNotFound });
    expect(await inv.refusal(S.markAlertRead, { id: 'not-an-id' }, owner)).toMatchObject({ status: 404 });
    expect((await unread()).map((a) => a.id)).toEqual([alert.id]);
  });

  it("resolves an archived item's alert", async () => {
    const item = await register(2, 5);
    await move(item.id, 'out', 1);
    await eventually(async () => (await unread()).length === 1, 10_000);
    await inv.call(S.archiveItem, { id: item.id }, owner);
    await eventually(
      async () =>
        (await queryDb('inventory', 'SELECT count(*)::int AS n FROM alerts WHERE item_id = $1 AND resolved_at IS NULL', [item.id]))[0].n ===
        0,
      10_000,
    );
    expect(await unread()).toEqual([]);
  });

  it('sends no notice of a crossing that was over before its job ran (restocked meanwhile)', async () => {
    const item = await register(5, 2);
    await settled(item.id);
    const sent = notifications.length;
    const [{ version }] = await queryDb('inventory', 'SELECT version FROM item_views WHERE id = $1', [item.id]);
    const crossing = { eventId: randomUUID(), version, at: new Date().toISOString() };
    const notice = await inv.orm.em
      .fork()
      .transactional((em) => applyAlertJob(em, { kind: 'raise', itemId: item.id, workspaceId: owner.workspaceId, crossing }));
    expect(notice).toBeNull();
    expect(notifications.length).toBe(sent);
  });
});
