import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@inventory/platform';

/** Reads the item-count read model: distinct active items with stock per location of one workspace. */
@Injectable()
export class LocationItemCounts {
  constructor(private readonly em: EntityManager) {}

  async forWorkspace(workspaceId: string): Promise<Map<string, number>> {
    const rows = await runSql<{ location_id: string; n: number }>(
      this.em,
      `SELECT s.location_id, count(*)::int AS n
         FROM location_item_stock s JOIN location_items i ON i.item_id = s.item_id
        WHERE i.workspace_id = ? AND i.active
        GROUP BY s.location_id`,
      [workspaceId],
    );
    return new Map(rows.map((row) => [row.location_id, row.n]));
  }
}
