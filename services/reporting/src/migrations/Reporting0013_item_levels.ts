import { Migration } from '@mikro-orm/migrations';

/** What item_levels keeps of each item: every column a report row reads. */
const LEVEL_COLUMNS = 'item_id, workspace_id, name, sku, category_id, category_name, unit_price, reorder_level, stock, active';

/**
 * A stock movement updates its item's row of `items` in place. Six of the table's 16 indexes read
 * the stock (the orders by stock, total value and status, the value report's own order, and the two
 * low-stock ones, whose condition reads it), so PostgreSQL could never update a row in place (HOT):
 * each movement wrote a new version of the row into all 16, the two trigram ones included. Those six
 * move to item_levels, a copy of each item's report columns kept by triggers on items, as the
 * inventory service's item_levels is (Inventory0023): every writer of items (the projection's
 * batch, the categories' renames, a purge, a rebuild) keeps it. The current report's orders that
 * follow the stock walk them there (reports.service.ts, `followsStock`; docs/reports.md, "At scale").
 */
export class Reporting0013ItemLevels extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE item_levels (
      item_id text PRIMARY KEY,
      workspace_id text NOT NULL,
      name text NOT NULL,
      sku text,
      category_id text,
      category_name text,
      unit_price numeric(12, 2) NOT NULL,
      reorder_level integer NOT NULL,
      stock integer NOT NULL,
      active boolean NOT NULL)`);
    this.addSql(`INSERT INTO item_levels (${LEVEL_COLUMNS}) SELECT ${LEVEL_COLUMNS} FROM items`);
    // As Reporting0006 made them on items, under the new table's name.
    const orders: Record<string, string> = {
      stock: 'stock',
      total_value: '(stock * unit_price)',
      status: '(CASE WHEN stock <= 0 THEN 0 WHEN stock <= reorder_level THEN 1 ELSE 2 END)',
      value_report: `(category_name IS NULL), COALESCE(category_name, ''), (CASE WHEN category_name IS NULL THEN '' ELSE category_id END),
        (-(stock * unit_price))`,
    };
    for (const [name, keys] of Object.entries(orders)) {
      this.addSql(`DROP INDEX items_order_${name}`);
      this.addSql(`CREATE INDEX item_levels_order_${name} ON item_levels (workspace_id, ${keys}, lower(name), item_id) WHERE active`);
    }
    this.addSql('DROP INDEX items_low_stock');
    this.addSql(
      'CREATE INDEX item_levels_low_stock ON item_levels (workspace_id, stock, lower(name), item_id) WHERE active AND stock <= reorder_level',
    );
    this.addSql('DROP INDEX items_low_stock_category');
    this.addSql(
      'CREATE INDEX item_levels_low_stock_category ON item_levels (workspace_id, category_id) WHERE active AND stock <= reorder_level',
    );
    // Once per statement, from the rows it wrote: a batch writes many items at a time, a rebuild a
    // million. (A trigger that reads the written rows cannot name columns.)
    this.addSql(`
      CREATE FUNCTION insert_item_levels() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO item_levels (${LEVEL_COLUMNS}) SELECT ${LEVEL_COLUMNS} FROM written_items;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE FUNCTION update_item_levels() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE item_levels l SET workspace_id = w.workspace_id, name = w.name, sku = w.sku, category_id = w.category_id,
               category_name = w.category_name, unit_price = w.unit_price, reorder_level = w.reorder_level, stock = w.stock,
               active = w.active
          FROM written_items w
         WHERE l.item_id = w.item_id
           AND (l.workspace_id, l.name, l.sku, l.category_id, l.category_name, l.unit_price, l.reorder_level, l.stock, l.active)
               IS DISTINCT FROM
               (w.workspace_id, w.name, w.sku, w.category_id, w.category_name, w.unit_price, w.reorder_level, w.stock, w.active);
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE FUNCTION delete_item_levels() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM item_levels l USING deleted_items d WHERE l.item_id = d.item_id;
        RETURN NULL;
      END $$`);
    this.addSql(`CREATE TRIGGER item_levels_insert AFTER INSERT ON items REFERENCING NEW TABLE AS written_items
      FOR EACH STATEMENT EXECUTE FUNCTION insert_item_levels()`);
    this.addSql(`CREATE TRIGGER item_levels_update AFTER UPDATE ON items REFERENCING NEW TABLE AS written_items
      FOR EACH STATEMENT EXECUTE FUNCTION update_item_levels()`);
    this.addSql(`CREATE TRIGGER item_levels_delete AFTER DELETE ON items REFERENCING OLD TABLE AS deleted_items
      FOR EACH STATEMENT EXECUTE FUNCTION delete_item_levels()`);
  }
}
