/**
 * The `?next=` path to return to after signing in or up (an invitation link, for instance).
 * Only a path on this site: it starts with one '/', never '//' or '/\' (which browsers read as
 * another host), and holds no backslash or control character. Anything else gives undefined.
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/** `path` with `?next=` added when there is somewhere to come back to. */
export function withNext(path: string, next: string | undefined): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
