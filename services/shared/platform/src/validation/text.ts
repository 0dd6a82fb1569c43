import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Trims a string input (other values pass through for the validators to judge). */
export const Trim = (): PropertyDecorator => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Trims a string input and turns a blank one into null: an optional text left empty is "none". */
export const TrimToNull = (): PropertyDecorator => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/*
 * The composed rules below register their checks in the order they should fail in. Stacked by hand
 * they would read backwards: class-validator runs a property's decorators bottom-up, and with
 * stopAtFirstError only the first failure is reported.
 */

/** A required, trimmed text: missing, not text or blank → `required`; longer than `max` → `tooLong`. */
export function RequiredText(max: number, messages: { required: string; tooLong: string }): PropertyDecorator {
  return (target, key) => {
    Trim()(target, key);
    IsString({ message: messages.required })(target, key);
    IsNotEmpty({ message: messages.required })(target, key);
    MaxLength(max, { message: messages.tooLong })(target, key);
  };
}

/** An optional, trimmed text (blank → null): not text or longer than `max` → `invalid`. */
export function OptionalText(max: number, invalid: string): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    TrimToNull()(target, key);
    IsString({ message: invalid })(target, key);
    MaxLength(max, { message: invalid })(target, key);
  };
}

/** A list's search by name (categories, locations): trimmed text of at most `max` characters. */
export function NameSearch(max: number): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Trim()(target, key);
    IsString()(target, key);
    MaxLength(max)(target, key);
  };
}
