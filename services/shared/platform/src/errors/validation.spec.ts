import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ServiceError } from './service-error.js';
import { createValidationPipe } from './validation.js';

class CreateThing {
  @IsString()
  @IsNotEmpty({ message: 'Category name is required' })
  @MaxLength(100)
  name: string;
}

const validate = (value: unknown) => createValidationPipe().transform(value, { type: 'body', metatype: CreateThing });

describe('service validation pipe', () => {
  it('answers the first message of the first bad field as a 400 ServiceError', async () => {
    const error = await validate({ name: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400, message: 'Category name is required' });
  });

  it('refuses fields it does not know', async () => {
    await expect(validate({ name: 'Tools', userId: 'someone-else' })).rejects.toMatchObject({
      message: 'property userId should not exist',
    });
  });

  it('lets valid input through as an instance', async () => {
    await expect(validate({ name: 'Tools' })).resolves.toBeInstanceOf(CreateThing);
  });
});
