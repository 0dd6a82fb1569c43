import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@inventory/platform';

/** Reads the item-count read model: active items per category of one workspace. */
@Injectable()
export class CategoryItemCounts {
  constructor(private readonly em: EntityManager) {}

  /** The counts of these categories only: a search's matches, or the one category asked for, not every item of the workspace. */
  async forCategories(workspaceId: string, categoryIds: string[]): Promise<Map<string, number>> {
    if (categoryIds.length === 0) return new Map();
    const rows = await runSql<{ category_id: string; n: number }>(
      this.em,
      `SELECT category_id, count(*)::int AS n FROM category_items
        WHERE workspace_id = ? AND active AND category_id = ANY(?) GROUP BY category_id`,
      [workspaceId, categoryIds],
    );
    return new Map(rows.map((row) => [row.category_id, row.n]));
  }
}
