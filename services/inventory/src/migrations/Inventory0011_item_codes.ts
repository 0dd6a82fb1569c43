import { Migration } from '@mikro-orm/migrations';
import { shortCodeOf } from '@inventory/platform';

/** Rows whose codes are written per statement while backfilling. */
const BACKFILL_BATCH = 5000;

/**
 * What scanners read (docs/scanning.md): every item's short code (a function of its id, printed on
 * its label) and the products' barcodes users attach to items. Barcodes are unique among a
 * workspace's active items: item_barcodes holds one row per barcode, kept by a trigger on
 * item_views so that every write path (append, rebuild, purge) keeps it, and its key refuses a
 * barcode another item already has in the same statement that writes the item.
 */
export class Inventory0011ItemCodes extends Migration {
  override async up(): Promise<void> {
    // Run now, not queued: the backfill below reads and writes the new column.
    await this.execute(`ALTER TABLE item_views ADD COLUMN code text, ADD COLUMN barcodes text[] NOT NULL DEFAULT '{}'`);
    for (;;) {
      const rows = await this.execute(`SELECT id FROM item_views WHERE code IS NULL LIMIT ${BACKFILL_BATCH}`);
      if (rows.length === 0) break;
      // Uuids and base32 codes only, so the values can be written into the statement.
      const values = rows.map(({ id }) => `('${id as string}'::uuid, '${shortCodeOf(id as string)}')`).join(', ');
      await this.execute(
        `UPDATE item_views v SET code = c.code,
           record_json = (v.record_json::jsonb || jsonb_build_object('code', c.code, 'barcodes', '[]'::jsonb))::text
         FROM (VALUES ${values}) AS c(id, code) WHERE v.id = c.id`,
      );
    }
    this.addSql('ALTER TABLE item_views ALTER COLUMN code SET NOT NULL');
    this.addSql('CREATE UNIQUE INDEX item_views_code ON item_views (workspace_id, code)');
    this.addSql(`CREATE TABLE item_barcodes (
      workspace_id text NOT NULL,
      barcode text NOT NULL,
      item_id uuid NOT NULL REFERENCES item_views (id) ON DELETE CASCADE,
      PRIMARY KEY (workspace_id, barcode))`);
    this.addSql('CREATE INDEX item_barcodes_item ON item_barcodes (item_id)');
    this.addSql(`
      CREATE FUNCTION index_item_barcodes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM item_barcodes WHERE item_id = NEW.id AND (NOT NEW.is_active OR barcode <> ALL (NEW.barcodes));
        IF NEW.is_active THEN
          -- Another item's row with the same barcode makes this insert fail on the key.
          INSERT INTO item_barcodes (workspace_id, barcode, item_id)
          SELECT NEW.workspace_id, b, NEW.id FROM unnest(NEW.barcodes) AS b
          WHERE NOT EXISTS (SELECT 1 FROM item_barcodes WHERE item_id = NEW.id AND barcode = b);
        END IF;
        RETURN NULL;
      END $$`);
    // WHEN keeps the function out of the many writes that change neither (every movement).
    this.addSql(
      'CREATE TRIGGER item_barcodes_insert AFTER INSERT ON item_views FOR EACH ROW WHEN (cardinality(NEW.barcodes) > 0) EXECUTE FUNCTION index_item_barcodes()',
    );
    this.addSql(`CREATE TRIGGER item_barcodes_update AFTER UPDATE OF barcodes, is_active ON item_views FOR EACH ROW
      WHEN (OLD.barcodes IS DISTINCT FROM NEW.barcodes OR OLD.is_active IS DISTINCT FROM NEW.is_active) EXECUTE FUNCTION index_item_barcodes()`);
  }
}
