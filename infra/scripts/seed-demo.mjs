import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Demo inventory for "Try Demo Mode": categories, places, items and a few weeks of stock movements,
// written through the public API as the demo user (so every rule, event and read model applies).
// Runs after the app is healthy; does nothing when demo login is off or the demo user has items.

const CATEGORIES = [
  ['Electronics', 'Computers, peripherals and accessories'],
  ['Office Supplies', 'Paper, pens and everyday consumables'],
  ['Tools', 'Hand and power tools'],
  ['Cleaning', 'Cleaning products and equipment'],
  ['Kitchen', 'Break-room food and kitchenware'],
];

const LOCATIONS = [
  ['Head Office', 'Office', null],
  ['Supply Room', 'Storage', 'Head Office'],
  ['Workshop', 'Workshop', null],
];

// name, sku, category, place, stock, reorder level, unit price
const ITEMS = [
  ['Wireless Mouse', 'EL-MOU-01', 'Electronics', 'Supply Room', 42, 10, '24.99'],
  ['USB-C Charger 65W', 'EL-CHG-65', 'Electronics', 'Supply Room', 7, 8, '39.00'],
  ['27" Monitor', 'EL-MON-27', 'Electronics', 'Head Office', 12, 3, '229.00'],
  ['Mechanical Keyboard', 'EL-KEY-02', 'Electronics', 'Supply Room', 0, 5, '89.50'],
  ['HDMI Cable 2 m', 'EL-HDM-2M', 'Electronics', 'Supply Room', 65, 20, '8.99'],
  ['Noise-cancelling Headset', 'EL-HDS-01', 'Electronics', 'Head Office', 4, 6, '149.00'],
  ['A4 Copy Paper (500)', 'OS-PAP-A4', 'Office Supplies', 'Supply Room', 120, 40, '5.49'],
  ['Ballpoint Pens (12)', 'OS-PEN-12', 'Office Supplies', 'Supply Room', 18, 15, '3.99'],
  ['Sticky Notes', 'OS-STN-76', 'Office Supplies', 'Supply Room', 3, 10, '2.49'],
  ['Stapler', 'OS-STP-01', 'Office Supplies', 'Head Office', 9, 2, '12.75'],
  ['Whiteboard Markers (4)', 'OS-WBM-04', 'Office Supplies', 'Head Office', 0, 6, '6.20'],
  ['Cordless Drill 18V', 'TL-DRL-18', 'Tools', 'Workshop', 5, 2, '119.00'],
  ['Screwdriver Set', 'TL-SCR-32', 'Tools', 'Workshop', 11, 3, '34.90'],
  ['Measuring Tape 5 m', 'TL-TAP-05', 'Tools', 'Workshop', 2, 4, '9.95'],
  ['Safety Glasses', 'TL-SAF-01', 'Tools', 'Workshop', 30, 10, '4.50'],
  ['All-purpose Cleaner 1 L', 'CL-APC-1L', 'Cleaning', 'Supply Room', 14, 6, '3.79'],
  ['Microfibre Cloths (10)', 'CL-MFC-10', 'Cleaning', 'Supply Room', 6, 6, '7.99'],
  ['Hand Soap Refill', 'CL-SOA-05', 'Cleaning', 'Supply Room', 22, 8, '4.25'],
  ['Coffee Beans 1 kg', 'KI-COF-1K', 'Kitchen', 'Head Office', 3, 5, '18.90'],
  ['Paper Cups (100)', 'KI-CUP-100', 'Kitchen', 'Head Office', 40, 10, '6.49'],
  ['Green Tea (50 bags)', 'KI-TEA-50', 'Kitchen', 'Head Office', 12, 4, '4.99'],
  ['Label Printer Tape', 'OS-LBL-12', null, null, 8, 3, '15.00'],
];

const DEMO_USER_ID = 'demo-user';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The items' pictures (infra/demo/make-images.mjs draws them). */
const IMAGES = join(ROOT, 'infra', 'demo', 'images');

/** Moments a visitor can find in the history: a stock count, an undone double entry, a transfer. */
const EXTRAS = { 'CL-APC-1L': 'count', 'EL-MOU-01': 'undo', 'EL-MON-27': 'transfer' };

/**
 * A valid EAN-13 for the demo's nth item, in the 200–299 prefix range GS1 keeps for a shop's own
 * codes (docs/scanning.md), so the demo can be scanned without clashing with real products.
 */
export function demoEan13(n) {
  const digits = `200000${String(n).padStart(6, '0')}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** Pipes the plan into the inventory's seed-only command (it writes straight to its database). */
function writeHistory(plan, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'services/inventory/dist/seed-demo-history.js')], {
      cwd: ROOT,
      env,
      stdio: ['pipe', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed-demo-history exited with ${code}`))));
    child.stdin.end(JSON.stringify(plan));
  });
}
/** How far back the demo's history goes. */
const HISTORY_DAYS = 90;

/** A fixed pseudo-random sequence per item (mulberry32): the same demo every time. */
function random(seedText) {
  let seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Perishables (docs/expiry.md): their deliveries come in dated lots, the newest expiring this many
 * days from today (below 0: already past), so the demo shows 'Expires in 5 days' and an expired lot.
 */
const EXPIRES_IN_DAYS = { 'KI-COF-1K': 5, 'KI-TEA-50': -3, 'CL-SOA-05': 150 };

const USAGE_REASONS = ['Issued to the team', 'Monthly office use', 'Used on a job', 'Break room', 'Issued to new starters'];

/**
 * One item's past as inventory commands: registered about 90 days ago, used every few days and
 * restocked by purchase order when it had fallen to its reorder level (so the charts and reports
 * show deliveries, usage and low-stock crossings), arriving exactly at today's stock. It is made
 * backwards from today, so no last-minute jump is needed to land on the stock. `extras` adds a
 * stock count that found one missing, a movement entered twice and undone, and a transfer of one
 * to another place; with `extras.expiresInDays` deliveries come in dated lots of one shelf life, the
 * newest lot expiring that many days from today. Times are working hours (08:00–17:00 UTC), oldest first.
 */
export function itemHistory(
  { sku, name, stock, reorderLevel, unitPrice, categoryId, locationId, imageUrl, barcodes = [], extras = {} },
  now = Date.now(),
) {
  const next = random(sku);
  const day = 24 * 3600 * 1000;
  const today = now - (now % day);
  const at = (daysAgo) => new Date(today - Math.floor(daysAgo) * day + (8 + next() * 9) * 3600 * 1000).toISOString();
  const later = (time, minutes) => new Date(Date.parse(time) + minutes * 60_000).toISOString();
  const scale = Math.max(2, reorderLevel, Math.ceil(stock / 4));
  const id = () => randomUUID();
  // Newest first while making it; each entry: the command and the stock level just before it.
  const newestFirst = [];
  const add = (time, type, data) => newestFirst.push({ at: time, command: { type, data: { ...data, movementId: id() } } });
  if (extras.transferTo && stock > 0)
    add(at(1), 'TransferStock', { fromLocationId: locationId, toLocationId: extras.transferTo, quantity: 1, reason: 'Workbench display' });
  let level = stock; // the level after the step being made
  let order = 1090 + Math.floor(next() * 20);
  let counted = !extras.count;
  let doubled = !extras.undo;
  let shelfLifeDays; // set by the newest delivery, the first one made
  const lotOf = (daysAgo) => {
    if (extras.expiresInDays === undefined) return {};
    shelfLifeDays ??= daysAgo + extras.expiresInDays;
    return { lot: `L${order}`, expiresOn: new Date(today + (shelfLifeDays - Math.floor(daysAgo)) * day).toISOString().slice(0, 10) };
  };
  for (let daysAgo = 2 + Math.floor(next() * 2); daysAgo < HISTORY_DAYS - 2; daysAgo += 3 + Math.floor(next() * 6)) {
    const time = at(daysAgo);
    const high = level > reorderLevel + 2 * scale;
    if (high && next() < 0.7) {
      // A delivery that came when the item had fallen to its reorder level.
      const before = Math.floor(next() * (reorderLevel + 1));
      add(time, 'ReceiveStock', { quantity: level - before, locationId, reason: `Purchase order PO-${order}`, ...lotOf(daysAgo) });
      order--;
      level = before;
    } else if (!counted && daysAgo > 15 && level > 0) {
      add(time, 'AdjustStock', { newLevel: level, locationId, reason: 'Stock count: one missing' });
      level += 1;
      counted = true;
    } else {
      const quantity = 1 + Math.floor(next() * Math.max(1, scale / 2));
      const reason = USAGE_REASONS[Math.floor(next() * USAGE_REASONS.length)];
      if (!doubled && daysAgo > 20 && level >= quantity) {
        // Entered twice by mistake, then undone (the later two, added first as this runs backwards).
        const twice = id();
        newestFirst.push({
          at: later(time, 21),
          command: {
            type: 'UndoMovement',
            data: { targetMovementId: twice, reason: 'Entered twice', actorUserId: DEMO_USER_ID, mayUndoOthers: true, movementId: id() },
          },
        });
        newestFirst.push({
          at: later(time, 4),
          command: { type: 'IssueStock', data: { quantity, locationId, reason, movementId: twice } },
        });
        doubled = true;
      }
      add(time, 'IssueStock', { quantity, locationId, reason });
      level += quantity;
    }
  }
  add(at(HISTORY_DAYS), 'RegisterItem', {
    name,
    sku,
    description: null,
    unitPrice,
    categoryId,
    locationId,
    imageUrl,
    barcodes,
    reorderLevel,
    initialStock: level,
  });
  return newestFirst.reverse();
}

/** A signed-in client of the API with its cookie jar and CSRF token, as the web app holds them. */
export function apiClient(baseUrl) {
  const jar = new Map();
  let csrf;
  const call = async (method, path, body) => {
    const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['x-csrf-token'] = csrf;
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(`${method} ${path}: ${res.status} ${text}`), { status: res.status });
    return text ? JSON.parse(text) : null;
  };
  /** A multipart upload of one file, as the web app's image picker sends it. */
  const upload = async (path, field, file) => {
    const form = new FormData();
    form.append(field, new Blob([readFileSync(file)], { type: 'image/png' }), file.split('/').pop());
    const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': csrf };
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: form });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    call,
    upload,
    /** The session as a Cookie header (what a browser signed in as this client would send). */
    cookieHeader: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    /** The CSRF token is bound to the session, so it is fetched again when the session changes. */
    refreshCsrf: async () => (csrf = (await call('GET', '/api/auth/csrf')).token),
  };
}

/**
 * Makes sure the demo dataset is there: what is missing (by name, or SKU for items) is created, and
 * a new item gets its 90 days of history and its picture. Categories and places go through the
 * public API; the items with their backdated history through the inventory's seed-only command
 * (services/inventory/src/seed-demo-history.ts), since no API may write the past. Safe to run on
 * every start; returns a line for the log. `env` reaches the databases (PG_URL).
 */
export async function seedDemoInventory(baseUrl, env = process.env) {
  const config = await (await fetch(`${baseUrl}/api/config`)).json();
  if (!config.demoLoginEnabled) return 'demo login is off: nothing to seed';
  const api = apiClient(baseUrl);
  await api.refreshCsrf();
  await api.call('POST', '/api/auth/demo-login');
  await api.refreshCsrf();
  const created = { categories: 0, locations: 0, items: 0 };

  const categoryIds = new Map((await api.call('GET', '/api/categories')).map((c) => [c.name, c.id]));
  for (const [name, description] of CATEGORIES) {
    if (categoryIds.has(name)) continue;
    categoryIds.set(name, (await api.call('POST', '/api/categories', { name, description })).id);
    created.categories++;
  }
  const locationIds = new Map((await api.call('GET', '/api/locations')).map((l) => [l.name, l.id]));
  for (const [name, type, parent] of LOCATIONS) {
    if (locationIds.has(name)) continue;
    const parentLocationId = parent ? locationIds.get(parent) : null;
    locationIds.set(name, (await api.call('POST', '/api/locations', { name, type, parentLocationId })).id);
    created.locations++;
  }
  const existingSkus = new Set((await api.call('GET', '/api/inventory?limit=100')).map((item) => item.sku));
  const missing = ITEMS.filter(([, sku]) => !existingSkus.has(sku));
  const plan = { userName: 'Demo User', items: [] };
  for (const [name, sku, category, place, stock, reorderLevel, unitPrice] of missing) {
    const number = ITEMS.findIndex((item) => item[1] === sku) + 1;
    plan.items.push({
      itemId: randomUUID(),
      history: itemHistory({
        sku,
        name,
        stock,
        reorderLevel,
        unitPrice,
        categoryId: category ? categoryIds.get(category) : null,
        locationId: place ? locationIds.get(place) : null,
        imageUrl: (await api.upload('/api/upload/image', 'image', join(IMAGES, `${sku}.png`))).url,
        barcodes: [demoEan13(number)],
        extras: {
          ...(EXTRAS[sku] === 'transfer' ? { transferTo: locationIds.get('Workshop') } : { [EXTRAS[sku]]: true }),
          expiresInDays: EXPIRES_IN_DAYS[sku],
        },
      }),
    });
  }
  if (plan.items.length > 0) {
    await writeHistory(plan, env);
    // The items are written behind the API's back: wait until it lists them all.
    const deadline = Date.now() + 30_000;
    while ((await api.call('GET', '/api/inventory?limit=100')).length < ITEMS.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    created.items = plan.items.length;
  }
  const { categories, locations, items } = created;
  return categories + locations + items === 0
    ? 'demo data already in place'
    : `demo data: added ${categories} categories, ${locations} locations and ${items} items with their history`;
}
