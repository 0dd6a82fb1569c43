import { Migration } from '@mikro-orm/migrations';
import { MONTHLY_CATEGORY_TOTALS_FROM_DAYS } from '../read-models/daily-category-totals.js';

/**
 * monthly_category_totals: daily_category_totals' changes by UTC month, filled from it. The totals
 * at a past instant sum the months before the instant's month, then its days (docs/reports.md,
 * "At scale"): three years of 50 categories read 1,800 monthly rows and at most 1,550 daily ones,
 * instead of 55,000 daily rows.
 */
export class Reporting0010MonthlyCategoryTotals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE monthly_category_totals (
        workspace_id text NOT NULL,
        month date NOT NULL,
        category_id text NOT NULL,
        items_delta integer NOT NULL,
        low_stock_delta integer NOT NULL,
        value_delta numeric NOT NULL,
        low_stock_value_delta numeric NOT NULL,
        PRIMARY KEY (workspace_id, month, category_id)
      )`);
    this.addSql(MONTHLY_CATEGORY_TOTALS_FROM_DAYS);
  }
}
