import { Migration } from '@mikro-orm/migrations';

/**
 * Every order of the current report as an index, and the figures its pages need kept by the
 * projection, so no page of any type or order sorts or sums every item (docs/reports.md, "At scale").
 *
 * - items.category_name: the name of the item's category while it exists (null: none, or deleted),
 *   kept by both projections: the orders by category read it from the item's own row.
 * - category_values: each category's total value (category_id '' for items without one): the value
 *   report's category totals. A deleted category's items count as uncategorised (the report subtracts).
 * - item_totals.low_stock_value: the low-stock report's total value.
 * - One index per order over the active items, each ending in the tie-breakers (name, id). Their
 *   expressions are the report's sort keys (reports.service.ts, NOW_KEYS) written out, and must stay
 *   so: reports.int-spec.ts checks that every order is answered from its index.
 */
export class Reporting0006ReportOrders extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE items ADD COLUMN category_name text');
    this.addSql(`
      UPDATE items i SET category_name = c.name FROM categories c
       WHERE c.category_id = i.category_id AND c.deleted_at IS NULL`);
    this.addSql(`
      CREATE TABLE category_values (
        workspace_id text NOT NULL,
        category_id text NOT NULL,
        total_value numeric NOT NULL,
        PRIMARY KEY (workspace_id, category_id)
      )`);
    this.addSql(`
      INSERT INTO category_values (workspace_id, category_id, total_value)
      SELECT workspace_id, COALESCE(category_id, ''), sum(stock * unit_price) FROM items WHERE active GROUP BY 1, 2`);
    this.addSql('ALTER TABLE item_totals ADD COLUMN low_stock_value numeric NOT NULL DEFAULT 0');
    this.addSql(`
      UPDATE item_totals t SET low_stock_value = COALESCE(
        (SELECT sum(stock * unit_price) FROM items i WHERE i.workspace_id = t.workspace_id AND active AND stock <= reorder_level), 0)`);

    const orders: Record<string, string> = {
      sku: "lower(COALESCE(sku, ''))",
      category: "lower(COALESCE(category_name, ''))",
      stock: 'stock',
      reorder_level: 'reorder_level',
      unit_price: 'unit_price',
      total_value: '(stock * unit_price)',
      status: '(CASE WHEN stock <= 0 THEN 0 WHEN stock <= reorder_level THEN 1 ELSE 2 END)',
      // The value report's own order: by category name (uncategorised last), highest value first.
      value_report: `(category_name IS NULL), COALESCE(category_name, ''), (CASE WHEN category_name IS NULL THEN '' ELSE category_id END),
        (-(stock * unit_price))`,
    };
    for (const [name, keys] of Object.entries(orders))
      this.addSql(`CREATE INDEX items_order_${name} ON items (workspace_id, ${keys}, lower(name), item_id) WHERE active`);
    // The low-stock report: its rows in its own order, and which categories hold them (its totals).
    this.addSql(
      'CREATE INDEX items_low_stock ON items (workspace_id, stock, lower(name), item_id) WHERE active AND stock <= reorder_level',
    );
    // The items of a category, archived ones too (a rename names them all); also which categories hold active items.
    this.addSql('DROP INDEX items_workspace_category');
    this.addSql('CREATE INDEX items_workspace_category ON items (workspace_id, category_id)');
    this.addSql('CREATE INDEX items_low_stock_category ON items (workspace_id, category_id) WHERE active AND stock <= reorder_level');
  }
}
