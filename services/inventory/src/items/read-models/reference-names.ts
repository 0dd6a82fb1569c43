import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlOf } from '../../database/sql.js';

interface ReferenceName {
  name: string;
  deleted: boolean;
}

/** Names of a user's categories and places from the replicas; deleted ones are flagged. */
export class ReferenceNames {
  constructor(
    private readonly categories = new Map<string, ReferenceName>(),
    private readonly locations = new Map<string, ReferenceName>(),
  ) {}

  /** A live category's name; null for none, a deleted one, or one the replica does not know yet. */
  category(id: string | null): string | null {
    return live(this.categories, id);
  }

  location(id: string | null): string | null {
    return live(this.locations, id);
  }

  /** History keeps naming where stock was, deleted places included. */
  locationEver(id: string | null): string | null {
    return (id === null ? undefined : this.locations.get(id))?.name ?? null;
  }
}

/** Called for every place of every item of a list page: no key is built for a lookup. */
function live(names: Map<string, ReferenceName>, id: string | null): string | null {
  const entry = id === null ? undefined : names.get(id);
  return entry && !entry.deleted ? entry.name : null;
}

/** A row of the names' statement (referenceNamesSql). */
export interface ReferenceNameRow {
  kind: 'category' | 'location';
  id: string;
  name: string;
  deleted: boolean;
}

/**
 * The statement that reads the names of the categories and places whose ids the SQL conditions
 * `categoryIds` and `locationIds` give (`= ANY(?)`, `IN (SELECT …)`), each after a `?` for the
 * workspace id: here for some items, and inside a page of the list (item-views.ts, pageRowsSql).
 */
export function referenceNamesSql(categoryIds: string | null, locationIds: string | null): string {
  return [
    categoryIds && `SELECT 'category' AS kind, id, name, deleted FROM category_replicas WHERE workspace_id = ? AND id ${categoryIds}`,
    locationIds && `SELECT 'location' AS kind, id, name, deleted FROM location_replicas WHERE workspace_id = ? AND id ${locationIds}`,
  ]
    .filter(Boolean)
    .join(' UNION ALL ');
}

export function referenceNamesOf(rows: readonly ReferenceNameRow[]): ReferenceNames {
  const of = (kind: ReferenceNameRow['kind']) =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => [row.id, { name: row.name, deleted: row.deleted }]));
  return new ReferenceNames(of('category'), of('location'));
}

/** One query for all the names needed (none when nothing is referenced). */
export async function referenceNames(
  em: EntityManager,
  workspaceId: string,
  categoryIds: (string | null)[],
  locationIds: (string | null)[],
): Promise<ReferenceNames> {
  const wanted = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  const [categories, locations] = [wanted(categoryIds), wanted(locationIds)];
  if (categories.length === 0 && locations.length === 0) return new ReferenceNames();
  const sql = referenceNamesSql(categories.length > 0 ? '= ANY(?)' : null, locations.length > 0 ? '= ANY(?)' : null);
  const params = [...(categories.length > 0 ? [workspaceId, categories] : []), ...(locations.length > 0 ? [workspaceId, locations] : [])];
  return referenceNamesOf(await sqlOf(em)<ReferenceNameRow>(sql, params));
}
