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

// item sku, type, quantity, reason: a short recent history for the dashboard and the timelines
const MOVEMENTS = [
  ['EL-MOU-01', 'in', 20, 'Purchase order PO-1042'],
  ['EL-MOU-01', 'out', 6, 'Issued to new starters'],
  ['OS-PAP-A4', 'out', 30, 'Monthly office use'],
  ['EL-CHG-65', 'out', 3, 'Issued to sales team'],
  ['TL-DRL-18', 'out', 1, 'Sent for repair'],
  ['KI-COF-1K', 'out', 2, 'Break room'],
  ['CL-APC-1L', 'adjustment', 14, 'Stock count'],
  ['OS-PEN-12', 'in', 10, 'Purchase order PO-1043'],
];

/** A signed-in client of the API with its cookie jar and CSRF token, as the web app holds them. */
function apiClient(baseUrl) {
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
  return {
    call,
    /** The CSRF token is bound to the session, so it is fetched again when the session changes. */
    refreshCsrf: async () => (csrf = (await call('GET', '/api/auth/csrf')).token),
  };
}

/**
 * Makes sure the demo dataset is there: what is missing (by name, or SKU for items) is created, and
 * a new item gets its short history. Safe to run on every start; returns a line for the log.
 */
export async function seedDemoInventory(baseUrl) {
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
  const existingSkus = new Set((await api.call('GET', '/api/inventory')).map((item) => item.sku));
  const newItemIds = new Map();
  for (const [name, sku, category, place, currentStock, reorderLevel, unitPrice] of ITEMS) {
    if (existingSkus.has(sku)) continue;
    const item = await api
      .call('POST', '/api/inventory', {
        name,
        sku,
        unitPrice,
        currentStock,
        reorderLevel,
        categoryId: category ? categoryIds.get(category) : undefined,
        locationId: place ? locationIds.get(place) : undefined,
      })
      .catch((error) => {
        if (error.status === 409) return null; // the SKU is taken (an item beyond the first page of the list)
        throw error;
      });
    if (!item) continue;
    newItemIds.set(sku, item.id);
    created.items++;
  }
  const placeOf = new Map(ITEMS.map(([, sku, , place]) => [sku, place]));
  for (const [sku, movementType, quantity, reason] of MOVEMENTS) {
    if (!newItemIds.has(sku)) continue;
    const locationId = placeOf.get(sku) ? locationIds.get(placeOf.get(sku)) : undefined;
    await api.call('POST', `/api/inventory/${newItemIds.get(sku)}/stock`, { quantity, movementType, reason, locationId });
  }
  // One transfer, so the per-place quantities and a transfer in the history have something to show.
  const monitor = newItemIds.get('EL-MON-27');
  if (monitor) {
    await api.call('POST', `/api/inventory/${monitor}/transfer`, {
      fromLocationId: locationIds.get('Head Office'),
      toLocationId: locationIds.get('Workshop'),
      quantity: 1,
      reason: 'Workbench display',
    });
  }
  const { categories, locations, items } = created;
  return categories + locations + items === 0
    ? 'demo data already in place'
    : `demo data: added ${categories} categories, ${locations} locations and ${items} items with their history`;
}
