// What a drill proves afterwards (docs/operations.md, "Drills"), from the databases themselves:
// every acknowledged movement is in the event store, none is booked twice, and the read models of the
// other services agree with the event store's projection (stock per item in reporting, stock per item
// and place in locations, the movement count in reporting), and the low-stock alert was raised once.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const CONVERGE_WITHIN_MS = 120_000;

const database = (pgUrl, name) => {
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return new pg.Client({ connectionString: url.toString() });
};

export async function checkConsistency(pgUrl, workspace, { acknowledged, alertItem }, { withinMs = CONVERGE_WITHIN_MS } = {}) {
  const [inventory, reporting, locations] = ['inventory', 'reporting', 'locations'].map((name) => database(pgUrl, name));
  await Promise.all([inventory.connect(), reporting.connect(), locations.connect()]);
  try {
    const ids = acknowledged.map((a) => a.movementId);
    const { rows: found } = await inventory.query(
      `SELECT DISTINCT data->>'movementId' AS id FROM events WHERE data->>'movementId' = ANY($1::text[])`,
      [ids],
    );
    const lost = ids.length - found.length;
    const { rows: twice } = await inventory.query(
      `SELECT data->>'reason' AS reason, count(*)::int AS n FROM events
       WHERE metadata->>'workspaceId' = $1 AND data ? 'movementId' AND data->>'reason' LIKE 'drill %'
       GROUP BY 1 HAVING count(*) > 1`,
      [workspace],
    );
    const duplicated = twice.reduce((sum, row) => sum + row.n - 1, 0);

    const started = Date.now();
    let convergedAfter = null;
    while (Date.now() - started < withinMs) {
      if (await agree(inventory, reporting, locations, workspace)) {
        convergedAfter = Number(((Date.now() - started) / 1000).toFixed(1));
        break;
      }
      await sleep(250);
    }
    const { rows: alerts } = await inventory.query('SELECT count(*)::int AS n FROM alerts WHERE item_id = $1', [alertItem]);
    return { acknowledged: ids.length, lost, duplicated, convergedAfter, alertOnce: alerts[0].n === 1 };
  } finally {
    await Promise.all([inventory.end(), reporting.end(), locations.end()]);
  }
}

/** Whether every read model shows what the event store's projection (item_views) shows. */
async function agree(inventory, reporting, locations, workspace) {
  const { rows: items } = await inventory.query('SELECT id, current_stock, stock FROM item_views WHERE workspace_id = $1', [workspace]);
  const { rows: reported } = await reporting.query('SELECT item_id, stock FROM items WHERE workspace_id = $1', [workspace]);
  const reportedStock = new Map(reported.map((r) => [r.item_id, Number(r.stock)]));
  if (items.some((item) => reportedStock.get(item.id) !== Number(item.current_stock))) return false;

  const { rows: placed } = await locations.query(
    `SELECT s.item_id, s.location_id, s.quantity FROM location_item_stock s JOIN location_items i USING (item_id)
     WHERE i.workspace_id = $1 AND s.quantity <> 0`,
    [workspace],
  );
  const expected = items.flatMap((item) =>
    item.stock.filter((s) => s.locationId && s.quantity !== 0).map((s) => `${item.id}/${s.locationId}/${s.quantity}`),
  );
  const actual = placed.map((r) => `${r.item_id}/${r.location_id}/${r.quantity}`);
  if (expected.length !== actual.length || expected.sort().join() !== actual.sort().join()) return false;

  const [{ rows: booked }, { rows: seen }] = await Promise.all([
    inventory.query(
      `SELECT count(DISTINCT data->>'movementId')::int AS n FROM events WHERE metadata->>'workspaceId' = $1 AND data ? 'movementId'`,
      [workspace],
    ),
    reporting.query('SELECT count(DISTINCT movement_id)::int AS n FROM movements WHERE workspace_id = $1', [workspace]),
  ]);
  return booked[0].n === seen[0].n;
}
