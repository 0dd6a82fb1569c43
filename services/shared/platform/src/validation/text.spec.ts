import { plainToInstance } from 'class-transformer';
import { createValidationPipe } from '../errors/validation.js';
import { OptionalText, RequiredText, Trim, TrimToNull } from './text.js';

class Sample {
  @Trim()
  name: unknown;

  @TrimToNull()
  note: unknown;
}

class Form {
  @RequiredText(5, { required: 'Name is required', tooLong: 'Name is too long' })
  name: string;

  @OptionalText(5, 'Note is not valid')
  note?: string | null;
}

const read = (plain: object) => plainToInstance(Sample, plain);
const validate = (value: unknown) => createValidationPipe().transform(value, { type: 'body', metatype: Form });
const messageOf = (value: unknown) =>
  validate(value).then(
    () => 'valid',
    (e: Error) => e.message,
  );

describe('text transforms', () => {
  it('trims strings', () => {
    expect(read({ name: '  Tools ', note: ' a note ' })).toMatchObject({ name: 'Tools', note: 'a note' });
  });

  it('turns a blank optional text into null', () => {
    expect(read({ note: '   ' }).note).toBeNull();
  });

  it('leaves other values for the validators', () => {
    expect(read({ name: 5, note: 7 })).toMatchObject({ name: 5, note: 7 });
  });
});

describe('RequiredText and OptionalText', () => {
  it.each([{}, { name: null }, { name: '' }, { name: '   ' }, { name: 7 }])('calls %j a missing name', async (value) => {
    expect(await messageOf(value)).toBe('Name is required');
  });

  it('reports a name over the limit as too long, after trimming', async () => {
    expect(await messageOf({ name: '123456' })).toBe('Name is too long');
    await expect(validate({ name: ' 12345 ' })).resolves.toMatchObject({ name: '12345' });
  });

  it('accepts a missing, null or blank note as none', async () => {
    await expect(validate({ name: 'a' })).resolves.not.toHaveProperty('note');
    await expect(validate({ name: 'a', note: null })).resolves.toMatchObject({ note: null });
    await expect(validate({ name: 'a', note: '  ' })).resolves.toMatchObject({ note: null });
  });

  it('refuses a note that is not text or too long', async () => {
    expect(await messageOf({ name: 'a', note: 3 })).toBe('Note is not valid');
    expect(await messageOf({ name: 'a', note: '123456' })).toBe('Note is not valid');
  });
});
