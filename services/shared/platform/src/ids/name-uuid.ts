import { createHash } from 'node:crypto';

/**
 * A UUID (version-4 layout) derived from a name: the same name always gives the same id, so a step
 * that is repeated (the demo reset, docs/demo.md) finds what it made before instead of adding more.
 */
export function uuidFromName(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
