import { ServiceError } from '../errors/service-error.js';
import { createValidationPipe } from '../errors/validation.js';
import { RequiredPattern, WholeNumber } from './fields.js';

class Sample {
  @RequiredPattern(/^\d+(\.\d{1,2})?$/, { required: 'Price is required', invalid: 'Price is invalid' })
  price: string;

  @WholeNumber(0, 10, 'Count must be 0 to 10')
  count: number;
}

const validate = (value: object) =>
  createValidationPipe()
    .transform(value, { type: 'body', metatype: Sample })
    .then(
      (dto: Sample) => dto,
      (error: ServiceError) => error.message,
    );

describe('composed field rules', () => {
  it('reports a missing or blank value as required, a malformed one as invalid', async () => {
    expect(await validate({ count: 1 })).toBe('Price is required');
    expect(await validate({ price: '  ', count: 1 })).toBe('Price is required');
    expect(await validate({ price: '1.234', count: 1 })).toBe('Price is invalid');
    expect(await validate({ price: 12, count: 1 })).toBe('Price is invalid');
  });

  it('accepts whole numbers in range only', async () => {
    expect(await validate({ price: ' 2.50 ', count: 10 })).toEqual({ price: '2.50', count: 10 });
    expect(await validate({ price: '1', count: 1.5 })).toBe('Count must be 0 to 10');
    expect(await validate({ price: '1', count: 11 })).toBe('Count must be 0 to 10');
  });
});
