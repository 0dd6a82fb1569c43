import { Migration } from '@mikro-orm/migrations';

/**
 * The items at each place: the place is their home, or they hold stock there (atPlace, the item
 * list's locationId filter, labels and counts by place). item_places holds one row per active item
 * and place, kept by a trigger on item_views like item_barcodes (Inventory0011), so every write path
 * (append, import, rebuild, purge) keeps it. Filtered by place, the list reads the place's items from
 * its index and counts them there, index-only and exactly, at any size (docs/reports.md, "At scale").
 * It replaces the two indexes the old test (home, or a stock entry there) needed: the home btree and
 * the GIN index on every item's stock, which every movement had to update.
 */
export class Inventory0019ItemPlaces extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE FUNCTION item_places_of(home text, stock jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(place ORDER BY place), '{}') FROM (
        SELECT home AS place UNION SELECT entry->>'locationId' FROM jsonb_array_elements(stock) AS entry
      ) AS places WHERE place IS NOT NULL $$`);
    this.addSql(`CREATE TABLE item_places (
      item_id uuid NOT NULL REFERENCES item_views (id) ON DELETE CASCADE,
      location_id text NOT NULL,
      workspace_id text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (item_id, location_id))`);
    this.addSql(`INSERT INTO item_places (item_id, location_id, workspace_id, created_at)
      SELECT id, place, workspace_id, created_at FROM item_views, unnest(item_places_of(location_id, stock)) AS place WHERE is_active`);
    // The list's own order (item_views_list), so a place's first page is this index's first entries.
    this.addSql('CREATE INDEX item_places_list ON item_places (workspace_id, location_id, created_at DESC, item_id DESC)');
    this.addSql(`
      CREATE FUNCTION index_item_places() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        places text[] := CASE WHEN NEW.is_active THEN item_places_of(NEW.location_id, NEW.stock) ELSE '{}' END;
      BEGIN
        DELETE FROM item_places WHERE item_id = NEW.id AND location_id <> ALL (places);
        INSERT INTO item_places (item_id, location_id, workspace_id, created_at)
        SELECT NEW.id, place, NEW.workspace_id, NEW.created_at FROM unnest(places) AS place
        ON CONFLICT (item_id, location_id) DO UPDATE SET workspace_id = excluded.workspace_id, created_at = excluded.created_at;
        RETURN NULL;
      END $$`);
    // Once per statement, from the rows it inserted: a rebuild or an import writes thousands at a time.
    this.addSql(`
      CREATE FUNCTION index_inserted_item_places() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO item_places (item_id, location_id, workspace_id, created_at)
        SELECT id, place, workspace_id, created_at FROM inserted_items, unnest(item_places_of(location_id, stock)) AS place WHERE is_active;
        RETURN NULL;
      END $$`);
    this.addSql(`CREATE TRIGGER item_places_insert AFTER INSERT ON item_views REFERENCING NEW TABLE AS inserted_items
      FOR EACH STATEMENT EXECUTE FUNCTION index_inserted_item_places()`);
    // WHEN keeps the function out of the writes that move no item to or from a place (most movements).
    this.addSql(`CREATE TRIGGER item_places_update AFTER UPDATE OF location_id, stock, is_active, workspace_id ON item_views FOR EACH ROW
      WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.workspace_id IS DISTINCT FROM NEW.workspace_id
        OR item_places_of(OLD.location_id, OLD.stock) IS DISTINCT FROM item_places_of(NEW.location_id, NEW.stock))
      EXECUTE FUNCTION index_item_places()`);
    this.addSql('DROP INDEX item_views_location');
    this.addSql('DROP INDEX item_views_stock');
  }
}
