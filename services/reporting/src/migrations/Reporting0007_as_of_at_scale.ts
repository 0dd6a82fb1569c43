import { Migration } from '@mikro-orm/migrations';
import { DAILY_CATEGORY_TOTALS_FROM_HISTORY } from '../read-models/daily-category-totals.js';

/**
 * Reports at a past instant (`asOf`) without folding every item's history per request
 * (docs/reports.md, "At scale"):
 *
 * - daily_category_totals: how each category's active items, low-stock items, value and low-stock
 *   value changed on each UTC day ('' for items without a category), kept by the inventory
 *   projection. A report's totals at an instant are the sums over the days before its day, plus
 *   that day's own events up to the instant. Filled from item_history for the events already applied.
 * - Two indexes over every version of every item, in the report's own orders (inventory: by name;
 *   low-stock: by stock, then name): a page at an instant walks them and keeps each item's version
 *   that was the latest then, so it reads a page's worth of versions, not every item.
 */
export class Reporting0007AsOfAtScale extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE daily_category_totals (
        workspace_id text NOT NULL,
        day date NOT NULL,
        category_id text NOT NULL,
        items_delta integer NOT NULL,
        low_stock_delta integer NOT NULL,
        value_delta numeric NOT NULL,
        low_stock_value_delta numeric NOT NULL,
        PRIMARY KEY (workspace_id, day, category_id)
      )`);
    this.addSql(DAILY_CATEGORY_TOTALS_FROM_HISTORY);
    this.addSql('CREATE INDEX item_history_as_of_name ON item_history (workspace_id, lower(name), item_id) WHERE active');
    this.addSql(
      'CREATE INDEX item_history_as_of_low_stock ON item_history (workspace_id, stock, lower(name), item_id) WHERE active AND stock <= reorder_level',
    );
  }
}
