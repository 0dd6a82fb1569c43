/**
 * Bytes no field of ours may hold, refused before any other rule (docs/security.md, "Bad bytes"):
 * C0 control characters other than tab, line feed and carriage return, DEL, and UTF-16 surrogates
 * that are not part of a pair. PostgreSQL cannot store a NUL, a lone surrogate is not valid UTF-8,
 * and none of them has a meaning in a name, a reason or an id.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Deepest JSON nesting any request of ours needs is 3; more is a client bug or an attack. */
export const MAX_INPUT_DEPTH = 16;

export const SafeInputMessages = {
  unsafeText: (field: string) => `${field} contains a character that is not allowed (a control character or broken Unicode)`,
  tooDeep: `Request is nested more than ${MAX_INPUT_DEPTH} levels deep`,
} as const;

export const hasUnsafeText = (text: string): boolean => UNSAFE_TEXT.test(text);

/**
 * Why `value` (a parsed body, query, path parameter or NATS payload) must be refused, or undefined
 * when it may go on to the field rules. Walks iteratively so a hostile depth cannot overflow the stack.
 */
export function unsafeInputReason(value: unknown, label = 'Input'): string | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: label, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasUnsafeText(current)) return SafeInputMessages.unsafeText(path);
      continue;
    }
    if (!isPlainData(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) return SafeInputMessages.tooDeep;
    for (const [key, child] of Object.entries(current)) {
      if (hasUnsafeText(key)) return SafeInputMessages.unsafeText(path);
      pending.push({ value: child, path: Array.isArray(current) ? path : key, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Parsed JSON (plain objects and arrays); files, buffers and class instances are not input text. */
function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Nesting depth of raw JSON bytes, counted without parsing (brackets inside strings skipped), so a
 * body nested a million levels deep is refused in one linear pass before JSON.parse or any
 * transform walks it. Returns as soon as `limit` is passed.
 */
export function jsonDepthExceeds(bytes: Uint8Array, limit = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return false;
}
