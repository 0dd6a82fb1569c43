import { Migration } from '@mikro-orm/migrations';
import { STOCK_STATUSES, StockSql } from '@inventory/contracts';

/** Each item's stock level, as the list's status filters and its stock order read it (item_levels). */
const LEVEL_COLUMNS = 'id, workspace_id, created_at, is_active, current_stock, reorder_level';

/**
 * A stock movement rewrites the item's row of the list in place. Every stock movement changes an
 * item's current_stock, and item_views had five indexes over it: the stock order's and the three
 * status filters' (their conditions read it). So PostgreSQL could never update a row in place (a
 * HOT update): each movement wrote a new version of the row into all 16 of the table's indexes,
 * the two trigram ones included. Those five move to item_levels, a narrow copy of each item's level
 * kept by triggers on item_views, as item_places is (Inventory0019), so every write path (append,
 * import, rebuild, purge) keeps it; the list walks them there and reads the page's rows by id
 * (docs/reports.md, "At scale"). item_views leaves a fifth of each new page free for the new
 * versions of its rows (its pages written until now fill as they are).
 */
export class Inventory0023ItemLevels extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE item_levels (
      id uuid PRIMARY KEY REFERENCES item_views (id) ON DELETE CASCADE,
      workspace_id text NOT NULL,
      created_at timestamptz NOT NULL,
      is_active boolean NOT NULL,
      current_stock int NOT NULL,
      reorder_level int NOT NULL)`);
    this.addSql(`INSERT INTO item_levels (${LEVEL_COLUMNS}) SELECT ${LEVEL_COLUMNS} FROM item_views`);
    this.addSql('CREATE INDEX item_levels_by_stock ON item_levels (workspace_id, current_stock, id) WHERE is_active');
    for (const status of STOCK_STATUSES)
      this.addSql(
        `CREATE INDEX item_levels_${status.replaceAll('-', '_')} ON item_levels (workspace_id, created_at DESC, id DESC)
           WHERE is_active AND ${StockSql.status(status)}`,
      );
    // Once per statement, from the rows it wrote: an append writes a batch of items at a time, an
    // import or a rebuild thousands. (A trigger that reads the written rows cannot name columns.)
    this.addSql(`
      CREATE FUNCTION insert_item_levels() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO item_levels (${LEVEL_COLUMNS}) SELECT ${LEVEL_COLUMNS} FROM written_items;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE FUNCTION update_item_levels() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE item_levels l SET workspace_id = w.workspace_id, created_at = w.created_at, is_active = w.is_active,
               current_stock = w.current_stock, reorder_level = w.reorder_level
          FROM written_items w
         WHERE l.id = w.id
           AND (l.workspace_id, l.created_at, l.is_active, l.current_stock, l.reorder_level)
               IS DISTINCT FROM (w.workspace_id, w.created_at, w.is_active, w.current_stock, w.reorder_level);
        RETURN NULL;
      END $$`);
    this.addSql(`CREATE TRIGGER item_levels_insert AFTER INSERT ON item_views REFERENCING NEW TABLE AS written_items
      FOR EACH STATEMENT EXECUTE FUNCTION insert_item_levels()`);
    this.addSql(`CREATE TRIGGER item_levels_update AFTER UPDATE ON item_views REFERENCING NEW TABLE AS written_items
      FOR EACH STATEMENT EXECUTE FUNCTION update_item_levels()`);
    this.addSql('DROP INDEX item_views_by_stock');
    for (const status of STOCK_STATUSES) this.addSql(`DROP INDEX item_views_${status.replaceAll('-', '_')}`);
    this.addSql('ALTER TABLE item_views SET (fillfactor = 80)');
  }
}
