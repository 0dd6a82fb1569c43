import { initialState, type ItemState } from '../items/domain/item.js';
import { chunkSeen, planRows, type WorkspaceLookups } from './import-plan.js';
import type { ImportedFields, ParsedRow } from './import-rows.js';

const item = (sku: string, changes: Partial<ItemState> = {}): ItemState => ({
  ...initialState(`id-${sku}`),
  status: 'active',
  details: {
    name: 'Bolt',
    sku,
    description: null,
    unitPrice: '0.10',
    categoryId: 'cat-1',
    locationId: 'loc-a',
    imageUrl: null,
    barcodes: [],
  },
  reorderLevel: 5,
  stock: [
    { locationId: 'loc-a', quantity: 10 },
    { locationId: 'loc-b', quantity: 4 },
  ],
  ...changes,
});

const lookups = (items: ItemState[] = []): WorkspaceLookups => ({
  itemsBySku: new Map(items.map((i) => [i.details.sku!.toLowerCase(), i])),
  barcodeOwners: new Map(items.flatMap((i) => i.details.barcodes.map((barcode) => [barcode, i.itemId]))),
  categories: new Map([['hardware', 'cat-1']]),
  locations: new Map([
    ['shelf a', 'loc-a'],
    ['shelf b', 'loc-b'],
  ]),
});

const row = (n: number, fields: Partial<ImportedFields>): ParsedRow => ({ row: n, fields: { name: 'Bolt', ...fields } });

describe('planRows', () => {
  it('creates rows without a known SKU; in create mode a taken SKU is an error', () => {
    const plans = planRows([row(2, { sku: 'N-1' }), row(3, { sku: 'b-1' })], 'create', lookups([item('B-1')]), new Map());
    expect(plans.map((p) => p.kind)).toEqual(['create', 'invalid']);
    expect(plans[1]).toMatchObject({ errors: [{ row: 3, message: 'An item with this SKU already exists' }] });
  });

  it('refuses a SKU the file has used before, naming that row', () => {
    const seen = new Map<string, number>();
    const plans = planRows([row(2, { sku: 'X' }), row(3, { sku: 'x' })], 'upsert', lookups(), seen);
    expect(plans[1]).toMatchObject({ kind: 'invalid', errors: [{ message: 'The same SKU is already in row 2' }] });
    expect(seen.get('sku:x')).toBe(2);
  });

  it("refuses a barcode the file has used before, or another item's; an item's own barcodes are no change", () => {
    const glue = item('G-1', { details: { ...item('G-1').details, barcodes: ['4006381333931'] } });
    const plans = planRows(
      [
        row(2, { sku: 'N-1', barcodes: ['111', '222'] }),
        row(3, { sku: 'N-2', barcodes: ['222'] }),
        row(4, { sku: 'N-3', barcodes: ['4006381333931'] }),
        row(5, { sku: 'G-1', unitPrice: '0.10', category: 'Hardware', location: 'Shelf A', quantity: 14, barcodes: ['4006381333931'] }),
        row(6, { sku: 'g-1', barcodes: ['4006381333931', '333'] }),
      ],
      'upsert',
      lookups([glue]),
      new Map(),
    );
    expect(plans.map((p) => p.kind)).toEqual(['create', 'invalid', 'invalid', 'unchanged', 'invalid']);
    expect(plans[1]).toMatchObject({ errors: [{ message: 'The barcode 222 is already in row 2' }] });
    expect(plans[2]).toMatchObject({ errors: [{ message: 'Another item already has the barcode 4006381333931' }] });
    const [changed] = planRows([row(2, { sku: 'G-1', barcodes: ['4006381333931', '333'] })], 'upsert', lookups([glue]), new Map());
    expect(changed).toMatchObject({ kind: 'update', changes: { details: { barcodes: ['4006381333931', '333'] } } });
  });

  it('in upsert mode, changes only what differs, and reads an identical row as unchanged', () => {
    const bolt = item('B-1');
    const same = row(2, { sku: 'B-1', unitPrice: '0.10', category: 'Hardware', location: 'Shelf A', quantity: 14, reorderLevel: 5 });
    expect(planRows([same], 'upsert', lookups([bolt]), new Map())[0].kind).toBe('unchanged');
    const [changed] = planRows(
      [row(2, { sku: 'B-1', name: 'Bolt M8', category: 'Fixings', quantity: 20, reorderLevel: 5 })],
      'upsert',
      lookups([bolt]),
      new Map(),
    );
    expect(changed).toMatchObject({
      kind: 'update',
      // A category the workspace does not have yet is created before the run.
      changes: { details: { name: 'Bolt M8', categoryId: 'new:fixings' }, stock: { locationId: 'loc-a', newLevel: 16 } },
    });
    expect(changed.kind === 'update' && changed.changes.reorderLevel).toBeUndefined();
  });

  it('refuses a quantity below the stock held at other places', () => {
    const [plan] = planRows([row(2, { sku: 'B-1', quantity: 3 })], 'upsert', lookups([item('B-1')]), new Map());
    expect(plan).toMatchObject({ kind: 'invalid', errors: [{ message: expect.stringContaining('less than the 4 held at other places') }] });
  });
});

describe('chunkSeen', () => {
  it("sees the file's earlier chunks and keeps a chunk's own keys apart until the chunk is kept", () => {
    const file = new Map([['sku:a', 2]]);
    const first = chunkSeen(file);
    const plans = planRows([row(3, { sku: 'A' }), row(4, { sku: 'B' })], 'create', lookups(), first.seen);
    expect(plans.map((p) => p.kind)).toEqual(['invalid', 'create']);
    // The chunk did not commit: the file's keys are as they were, and a retry sees no 'B' yet.
    expect([...file]).toEqual([['sku:a', 2]]);
    const retry = chunkSeen(file);
    expect(planRows([row(4, { sku: 'B' })], 'create', lookups(), retry.seen)[0].kind).toBe('create');
    retry.keep();
    expect(file.get('sku:b')).toBe(4);
  });
});
