import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@inventory/platform';

/** Reads the item-count read model: active items per category of one workspace. */
@Injectable()
export class CategoryItemCounts {
  constructor(private readonly em: EntityManager) {}

  async forWorkspace(workspaceId: string): Promise<Map<string, number>> {
    const rows = await runSql<{ category_id: string; n: number }>(
      this.em,
      `SELECT category_id, count(*)::int AS n FROM category_items
        WHERE workspace_id = ? AND active AND category_id IS NOT NULL GROUP BY category_id`,
      [workspaceId],
    );
    return new Map(rows.map((row) => [row.category_id, row.n]));
  }
}
