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

/** One query for all the names needed (none when nothing is referenced). */
export async function referenceNames(
  em: EntityManager,
  workspaceId: string,
  categoryIds: (string | null)[],
  locationIds: (string | null)[],
): Promise<ReferenceNames> {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (kind: string, table: string, ids: (string | null)[]) => {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return;
    parts.push(`SELECT '${kind}' AS kind, id, name, deleted FROM ${table} WHERE workspace_id = ? AND id = ANY(?)`);
    params.push(workspaceId, wanted);
  };
  add('category', 'category_replicas', categoryIds);
  add('location', 'location_replicas', locationIds);
  if (parts.length === 0) return new ReferenceNames();
  const rows = await sqlOf(em)<{ kind: string; id: string; name: string; deleted: boolean }>(parts.join(' UNION ALL '), params);
  const of = (kind: string) =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => [row.id, { name: row.name, deleted: row.deleted }]));
  return new ReferenceNames(of('category'), of('location'));
}
