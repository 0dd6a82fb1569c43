import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Reads the item-count read model: distinct active items with stock per location of one user. */
@Injectable()
export class LocationItemCounts {
  constructor(private readonly em: EntityManager) {}

  async forUser(userId: string): Promise<Map<string, number>> {
    const rows = await this.em.getConnection().execute<{ location_id: string; n: number }[]>(
      `SELECT s.location_id, count(*)::int AS n
         FROM location_item_stock s JOIN location_items i ON i.item_id = s.item_id
        WHERE i.user_id = ? AND i.active
        GROUP BY s.location_id`,
      [userId],
    );
    return new Map(rows.map((row) => [row.location_id, row.n]));
  }
}
