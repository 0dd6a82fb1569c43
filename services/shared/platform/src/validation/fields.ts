import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Max, Min, ValidateIf } from 'class-validator';
import { Trim } from './text.js';

// Like text.ts: each composed rule registers its checks in the order they should fail in.

/** Ids of items, categories, places and movements in requests: text of at most this many characters (a UUID in practice). */
export const ID_MAX_LENGTH = 100;

/** An update's field: left out keeps the value; anything given, null included, must pass the rules. */
export const IfGiven = (): PropertyDecorator => ValidateIf((_: object, value: unknown) => value !== undefined);

/** A whole number from `min` to `max`; anything else (fractions, text, out of range) → `message`. */
export function WholeNumber(min: number, max: number, message: string): PropertyDecorator {
  return (target, key) => {
    IsInt({ message })(target, key);
    Min(min, { message })(target, key);
    Max(max, { message })(target, key);
  };
}

/** A required, trimmed text in a given format: missing or blank → `required`; otherwise wrong → `invalid`. */
export function RequiredPattern(pattern: RegExp, messages: { required: string; invalid: string }): PropertyDecorator {
  return (target, key) => {
    Trim()(target, key);
    IsDefined({ message: messages.required })(target, key);
    IsString({ message: messages.invalid })(target, key);
    IsNotEmpty({ message: messages.required })(target, key);
    Matches(pattern, { message: messages.invalid })(target, key);
  };
}

/**
 * An opaque keyset cursor a previous page returned (writeCursor: the sort keys of its last row, a
 * 200-character name among them). Its content is checked where it is read (readCursor).
 */
export function Cursor(message: string): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsString({ message })(target, key);
    MaxLength(4_000, { message })(target, key);
  };
}
