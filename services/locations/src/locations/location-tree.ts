import type { LocationTreeNode, LocationView } from '@inventory/contracts';

/** Each of a user's locations mapped to its parent (null for a root). */
export type ParentMap = ReadonlyMap<string, string | null>;

export type ParentProblem = 'unknown-parent' | 'cycle';

/**
 * Whether `parentId` may become the parent of `locationId` (null for a location not created yet): the
 * parent must be one of the user's locations and must not be the location itself or lie below it.
 */
export function parentProblem(parents: ParentMap, locationId: string | null, parentId: string): ParentProblem | null {
  if (!parents.has(parentId)) return 'unknown-parent';
  const seen = new Set<string>();
  for (let at: string | null | undefined = parentId; at != null && !seen.has(at); at = parents.get(at)) {
    if (at === locationId) return 'cycle';
    seen.add(at);
  }
  return null;
}

/** Nests locations under their parents, keeping the given order among siblings. */
export function buildTree(locations: readonly LocationView[]): LocationTreeNode[] {
  const nodes = new Map(
    locations.map((location) => [location.id, { ...location, children: [] as LocationTreeNode[], hasChildren: false }]),
  );
  const roots: LocationTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentLocationId ? nodes.get(node.parentLocationId) : undefined;
    if (parent) parent.hasChildren = true;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
