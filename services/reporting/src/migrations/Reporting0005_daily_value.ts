import { Migration } from '@mikro-orm/migrations';

/**
 * How much each workspace's total value changed on each day (UTC), kept by the inventory projection
 * with item_history: the value-over-time chart reads at most one row per day of its range and one
 * sum over the days before it, not every event of years of history (docs/reports.md, "At scale").
 * Filled from item_history for the events already applied.
 */
export class Reporting0005DailyValue extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE daily_value (
        workspace_id text NOT NULL,
        day date NOT NULL,
        value_delta numeric NOT NULL,
        PRIMARY KEY (workspace_id, day)
      )`);
    this.addSql(`
      INSERT INTO daily_value (workspace_id, day, value_delta)
      SELECT workspace_id, (occurred_at AT TIME ZONE 'UTC')::date, sum(value_delta) FROM item_history GROUP BY 1, 2`);
  }
}
