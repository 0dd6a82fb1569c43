import { Migration } from '@mikro-orm/migrations';

/**
 * Each user's number of active items, kept by triggers on item_views so that no write path (append,
 * rebuild, purge) can let it drift: an unfiltered list page reads its total here instead of counting
 * every row, which costs more with every item a user has.
 */
export class Inventory0007ItemCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE TABLE item_counts (user_id text PRIMARY KEY, active int NOT NULL)');
    this.addSql(`
      CREATE FUNCTION count_active_items() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_active THEN
          UPDATE item_counts SET active = active - 1 WHERE user_id = OLD.user_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_active THEN
          INSERT INTO item_counts (user_id, active) VALUES (NEW.user_id, 1)
          ON CONFLICT (user_id) DO UPDATE SET active = item_counts.active + 1;
        END IF;
        RETURN NULL;
      END $$`);
    // WHEN keeps the function out of the many writes that leave is_active as it was (every movement).
    this.addSql(
      'CREATE TRIGGER item_counts_insert AFTER INSERT ON item_views FOR EACH ROW WHEN (NEW.is_active) EXECUTE FUNCTION count_active_items()',
    );
    this.addSql(`CREATE TRIGGER item_counts_update AFTER UPDATE OF is_active, user_id ON item_views FOR EACH ROW
      WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION count_active_items()`);
    this.addSql(
      'CREATE TRIGGER item_counts_delete AFTER DELETE ON item_views FOR EACH ROW WHEN (OLD.is_active) EXECUTE FUNCTION count_active_items()',
    );
    this.addSql('INSERT INTO item_counts (user_id, active) SELECT user_id, count(*) FROM item_views WHERE is_active GROUP BY user_id');
  }
}
