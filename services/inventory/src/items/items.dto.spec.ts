import { InventoryMessages as M } from '@inventory/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { RecordMovementDto, RegisterItemDto, UpdateItemDto } from './items.dto.js';

/**
 * The item fields' rules, applied to every request before a command is decided (the API's, an
 * import's rows, the demo's): the gateway's DTOs use the same decorators (platform validation/item-fields.ts).
 */
const ID = '5f0c3c1e-8d1a-4a43-9a4e-3c1d2b9e7a10';

function refusals<T extends object>(dto: new () => T, plain: object): string[] {
  return validateSync(plainToInstance(dto, plain), { forbidUnknownValues: false }).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  );
}

const register = (fields: object = {}) => refusals(RegisterItemDto, { name: 'Widget', unitPrice: '2.50', ...fields });

describe('registering an item', () => {
  it('takes a plain item', () => expect(register()).toEqual([]));

  it('requires a name', () => expect(register({ name: '  ' })).toEqual([M.nameRequired]));

  it('refuses a name over 200 characters', () => expect(register({ name: 'x'.repeat(201) })).toEqual([M.nameTooLong]));

  it('refuses a price with more than 2 decimals or below zero, and takes a JSON number as its text', () => {
    expect(register({ unitPrice: '1.999' })).toEqual([M.unitPriceInvalid]);
    expect(register({ unitPrice: '-1.00' })).toEqual([M.unitPriceInvalid]);
    expect(register({ unitPrice: 12.5 })).toEqual([]);
  });

  it('refuses a negative or fractional initial stock', () => {
    expect(register({ currentStock: -1 })).toEqual([M.initialStockInvalid]);
    expect(register({ currentStock: 1.5 })).toEqual([M.initialStockInvalid]);
  });

  it('refuses a negative reorder level', () => expect(register({ reorderLevel: -1 })).toEqual([M.reorderLevelInvalid]));

  it('refuses an image address that is neither ours nor http(s)', () => {
    expect(register({ imageUrl: 'javascript:alert(1)' })).toEqual([M.imageUrlInvalid]);
    expect(register({ imageUrl: '/api/images/a1.png' })).toEqual([]);
  });
});

describe('changing an item', () => {
  it('requires a name when the name is changed, and keeps it when left out', () => {
    expect(refusals(UpdateItemDto, { id: ID, name: '' })).toEqual([M.nameRequired]);
    expect(refusals(UpdateItemDto, { id: ID, sku: 'W-1' })).toEqual([]);
  });

  it('refuses a negative reorder level', () =>
    expect(refusals(UpdateItemDto, { id: ID, reorderLevel: -2 })).toEqual([M.reorderLevelInvalid]));
});

describe('recording a movement', () => {
  const movement = (fields: object) => refusals(RecordMovementDto, { id: ID, movementType: 'adjustment', reason: 'count', ...fields });

  it('refuses a negative new level', () => expect(movement({ quantity: -1 })).toEqual([M.quantityInvalid]));

  it('lets 0 through, which is a new level for an adjustment (in and out refuse it in the decider)', () =>
    expect(movement({ quantity: 0 })).toEqual([]));
});
