import { createHash } from 'node:crypto';
import { SHORT_CODE_LENGTH } from '@inventory/contracts';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is hard to get wrong. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The short code printed on an item's or a place's label (docs/scanning.md). A function of the id
 * alone, so it never changes, needs no event and comes out the same when a read model is rebuilt.
 * 50 bits of the id's SHA-256: two codes of one workspace meet about once in 10⁹ at a million items,
 * and the unique index turns that into a "try again", never into a wrong item.
 */
export function shortCodeOf(id: string): string {
  const digest = createHash('sha256').update(id).digest();
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) {
    // Bits 5i … 5i+4 of the digest.
    const bit = i * 5;
    const pair = (digest[bit >> 3] << 8) | digest[(bit >> 3) + 1];
    code += ALPHABET[(pair >> (11 - (bit & 7))) & 31];
  }
  return code;
}

/**
 * A short code as someone typed or a scanner read it, in the form codes are stored in: upper case,
 * without spaces or dashes, and with the letters Crockford reads as digits (O → 0, I and L → 1).
 * Anything that cannot be a short code comes back as null.
 */
export function normalizeShortCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === SHORT_CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** A short code for reading: two groups of five (the labels print it so). */
export const spacedShortCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
