import { Migration } from '@mikro-orm/migrations';

/**
 * Every column order of a report at a past instant as an index over item_history, beside
 * Reporting0007's name and low-stock ones, so that such a page walks a page's worth of versions
 * instead of folding every item's history (docs/reports.md, "At scale"). Their expressions are the
 * report's sort keys (reports.service.ts, SORT_KEYS) written out over item_history, and must stay so:
 * reports.int-spec.ts checks that every order at an instant is answered from its index.
 *
 * The orders by category name (sort=category, and the value report's own) page group by group,
 * one category after another: their indexes start with the category.
 *
 * The orders by stock and by value change with every movement, so their keys end in occurred_at:
 * the versions after the instant are passed over in the index, without reading the table. The
 * others keep one entry per distinct key (btree deduplication), however many versions an item has.
 */
export class Reporting0008AsOfOrders extends Migration {
  override async up(): Promise<void> {
    const orders: Record<string, string> = {
      sku: "lower(COALESCE(sku, '')), lower(name), item_id",
      stock: 'stock, lower(name), item_id, occurred_at',
      reorder_level: 'reorder_level, lower(name), item_id',
      unit_price: 'unit_price, lower(name), item_id',
      total_value: '(stock * unit_price), lower(name), item_id, occurred_at',
      status: '(CASE WHEN stock <= 0 THEN 0 WHEN stock <= reorder_level THEN 1 ELSE 2 END), lower(name), item_id',
      // '' for none: an equality the planner can order by, as IS NULL is not.
      category: "COALESCE(category_id, ''), lower(name), item_id",
      value_report: "COALESCE(category_id, ''), (-(stock * unit_price)), lower(name), item_id, occurred_at",
    };
    for (const [name, keys] of Object.entries(orders))
      this.addSql(`CREATE INDEX item_history_as_of_${name} ON item_history (workspace_id, ${keys}) WHERE active`);
  }
}
