import { columnPositions, normalizedPrice, parseRow, suggestMapping, wholeNumber } from './import-rows.js';
import { uniqueColumns } from './import-file.js';

describe('suggestMapping', () => {
  it("recognises our own export's headers", () => {
    expect(
      suggestMapping(['Name', 'SKU', 'Description', 'Category', 'Location', 'Quantity', 'Unit price', 'Reorder level', 'Stock @ Shelf A']),
    ).toEqual({
      name: 'Name',
      sku: 'SKU',
      description: 'Description',
      category: 'Category',
      location: 'Location',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      reorderLevel: 'Reorder level',
    });
  });

  it('recognises the usual names of other tools, in any case and punctuation, each column once', () => {
    expect(suggestMapping(['Item', 'Part Number', 'On hand', 'Cost', 'Bin', 'Min', 'Notes', 'Title'])).toEqual({
      name: 'Item',
      sku: 'Part Number',
      quantity: 'On hand',
      unitPrice: 'Cost',
      location: 'Bin',
      reorderLevel: 'Min',
      description: 'Notes',
    });
    expect(suggestMapping(['Foo', 'Bar'])).toEqual({});
  });
});

describe('uniqueColumns', () => {
  it('names blank headers by position and numbers repeats', () => {
    expect(uniqueColumns(['Name', ' ', 'name', 'Qty', 'NAME'])).toEqual(['Name', 'Column 2', 'name (2)', 'Qty', 'NAME (3)']);
  });
});

describe('cell values as spreadsheets write them', () => {
  it.each([
    ['12.5', '12.5'],
    ['$1,234.50', '1234.50'],
    ['1.234,50', '1234.50'],
    ['0,25', '0.25'],
    ['€ 3', '3'],
    ['-1', '-1'],
    ['abc', 'abc'],
  ])('price %s → %s', (text, price) => expect(normalizedPrice(text)).toBe(price));

  it.each([
    ['12', 12],
    ['12.0', 12],
    ['1,200', 1200],
    ['12.5', Number.NaN],
    ['-3', Number.NaN],
    ['ten', Number.NaN],
  ])('count %s → %s', (text, count) => expect(wholeNumber(text)).toBe(count));
});

describe('parseRow', () => {
  const columns = ['Name', 'SKU', 'Qty', 'Price', 'Category', 'Min'];
  const mapping = { name: 'Name', sku: 'SKU', quantity: 'Qty', unitPrice: 'Price', category: 'Category', reorderLevel: 'Min' };
  const positions = columnPositions(columns, mapping, 'create');
  const parse = (cells: string[]) => parseRow(7, cells, positions, mapping);

  it('reads a row; blank cells say nothing', () => {
    expect(parse([' Bolt ', 'B-1', '3', '0,5', 'Hardware', ''])).toEqual({
      row: 7,
      fields: { name: 'Bolt', sku: 'B-1', quantity: 3, unitPrice: '0.50', category: 'Hardware' },
    });
  });

  it("refuses each field with the API's own message, naming the column", () => {
    expect(parse(['', 'B-1', '1.5', '-2', 'x'.repeat(101), 'many'])).toEqual({
      row: 7,
      errors: [
        { row: 7, column: 'Name', message: 'Item name is required' },
        { row: 7, column: 'Price', message: 'Unit price must be an amount of 0 or more with at most 2 decimals (at most 99999999.99)' },
        { row: 7, column: 'Qty', message: 'Initial stock must be a whole number from 0 to 1000000000' },
        { row: 7, column: 'Min', message: 'Reorder level must be a whole number from 0 to 1000000000' },
        { row: 7, column: 'Category', message: 'Category name must be at most 100 characters' },
      ],
    });
    expect(parse(['a'.repeat(201), 's'.repeat(101), '', '', '', ''])).toMatchObject({
      errors: [
        { column: 'Name', message: 'Item name must be at most 200 characters' },
        { column: 'SKU', message: 'SKU must be text of at most 100 characters' },
      ],
    });
  });

  it('refuses control characters in a cell', () => {
    expect(parse(['Bo\u0000lt', '', '', '', '', ''])).toEqual({
      row: 7,
      errors: [{ row: 7, column: 'Name', message: expect.stringContaining('contains a character that is not allowed') }],
    });
  });
});

describe('columnPositions', () => {
  it('needs Name, and SKU to update, and columns that exist', () => {
    expect(() => columnPositions(['A'], {}, 'create')).toThrow('Choose the column that holds the item name');
    expect(() => columnPositions(['A'], { name: 'A' }, 'upsert')).toThrow('choose the column that holds the SKU');
    expect(() => columnPositions(['A'], { name: 'B' }, 'create')).toThrow('The mapping names a column that is not in the file');
    expect(columnPositions(['A', 'B'], { name: 'B', sku: null }, 'create')).toEqual({ name: 1 });
  });
});
