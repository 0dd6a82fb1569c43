import { Transform } from 'class-transformer';

/** Trims surrounding whitespace of a string input. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Emails are compared and stored lower-cased and trimmed. */
export const NormalizeEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
