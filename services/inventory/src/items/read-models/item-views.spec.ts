import { itemJsonOf, namedPartsOf, type References } from './item-views.js';
import { ReferenceNames } from './reference-names.js';

const names = new ReferenceNames(
  new Map([
    ['cat-1', { name: 'Glue & "tape"', deleted: false }],
    ['cat-gone', { name: 'Old shelf', deleted: true }],
  ]),
  new Map([
    ['loc-1', { name: 'Back room', deleted: false }],
    ['loc-2', { name: 'Van\n2 \\ ünïcode', deleted: false }],
    ['loc-gone', { name: 'Closed shop', deleted: true }],
  ]),
);

const record = { id: 'item-1', name: 'Tape', description: null, currentStock: 12 };

describe('itemJsonOf (a list page writes each item as text)', () => {
  const cases: [string, References][] = [
    ['no category, no place, stock nowhere', { categoryId: null, locationId: null, stock: [{ locationId: null, quantity: 5 }] }],
    ['no stock entry at all', { categoryId: null, locationId: null, stock: [] }],
    [
      'a named category and place, stock at several places',
      {
        categoryId: 'cat-1',
        locationId: 'loc-1',
        stock: [
          { locationId: 'loc-1', quantity: 3 },
          { locationId: 'loc-2', quantity: 0 },
          { locationId: null, quantity: 9 },
        ],
      },
    ],
    [
      'deleted and unknown references name nothing',
      { categoryId: 'cat-gone', locationId: 'loc-unknown', stock: [{ locationId: 'loc-gone', quantity: 1 }] },
    ],
    [
      'lots, with the names of their places',
      {
        categoryId: 'cat-1',
        locationId: null,
        stock: [{ locationId: 'loc-2', quantity: 4 }],
        lots: [
          { locationId: 'loc-2', quantity: 3, lot: 'L-1', expiresOn: '2027-01-31' },
          { locationId: 'loc-2', quantity: 1, lot: null, expiresOn: null },
        ],
      },
    ],
  ];

  it.each(cases)('writes the same text as JSON.stringify of the view: %s', (_case, refs) => {
    const text = itemJsonOf(JSON.stringify(record), refs, names);
    expect(text).toBe(JSON.stringify({ ...record, ...namedPartsOf(refs, names) }));
    expect(JSON.parse(text)).toMatchObject(record);
  });

  it('names the live category and places, escaped', () => {
    const view = JSON.parse(itemJsonOf(JSON.stringify(record), cases[2][1], names));
    expect(view.category).toEqual({ id: 'cat-1', name: 'Glue & "tape"' });
    expect(view.stockByLocation.map((entry: { locationName: string | null }) => entry.locationName)).toEqual([
      'Back room',
      'Van\n2 \\ ünïcode',
      null,
    ]);
  });
});
