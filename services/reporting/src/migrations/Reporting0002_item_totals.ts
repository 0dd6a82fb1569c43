import { Migration } from '@mikro-orm/migrations';

/**
 * Each user's dashboard figures kept up to date by the inventory projection, so the stats cost one
 * row read however many items there are. Filled from items for the events already applied.
 */
export class Reporting0002ItemTotals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE item_totals (
        user_id text PRIMARY KEY,
        total_items integer NOT NULL,
        low_stock_items integer NOT NULL,
        total_value numeric NOT NULL
      )`);
    this.addSql(`
      INSERT INTO item_totals (user_id, total_items, low_stock_items, total_value)
      SELECT user_id, count(*) FILTER (WHERE active), count(*) FILTER (WHERE active AND stock <= reorder_level),
             COALESCE(sum(stock * unit_price) FILTER (WHERE active), 0)
        FROM items GROUP BY user_id`);
  }
}
