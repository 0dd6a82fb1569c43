import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@inventory/platform';

/** Reads the item-count read model: distinct active items with stock per location of one workspace. */
@Injectable()
export class LocationItemCounts {
  constructor(private readonly em: EntityManager) {}

  /**
   * The counts of these locations only: a picker's 50 places, or the one a scan opens, cost their own
   * stock rows, not every stock row of the workspace (docs/reports.md, "At scale").
   */
  async forLocations(workspaceId: string, locationIds: string[]): Promise<Map<string, number>> {
    if (locationIds.length === 0) return new Map();
    const rows = await runSql<{ location_id: string; n: number }>(
      this.em,
      `SELECT s.location_id, count(*)::int AS n
         FROM location_item_stock s JOIN location_items i ON i.item_id = s.item_id
        WHERE s.location_id = ANY(?) AND i.workspace_id = ? AND i.active
        GROUP BY s.location_id`,
      [locationIds, workspaceId],
    );
    return new Map(rows.map((row) => [row.location_id, row.n]));
  }
}
