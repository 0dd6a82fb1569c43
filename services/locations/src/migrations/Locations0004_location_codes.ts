import { Migration } from '@mikro-orm/migrations';
import { shortCodeOf } from '@inventory/platform';

/**
 * Every location's short code, printed on its label (docs/scanning.md): a function of its id, so
 * existing locations get theirs here and new ones when they are created.
 */
export class Locations0004LocationCodes extends Migration {
  override async up(): Promise<void> {
    // Run now, not queued: the backfill below reads and writes the new column.
    await this.execute('ALTER TABLE locations ADD COLUMN code text');
    const rows = await this.execute('SELECT id FROM locations');
    if (rows.length > 0) {
      // Uuids and base32 codes only, so the values can be written into the statement.
      const values = rows.map(({ id }) => `('${id as string}'::uuid, '${shortCodeOf(id as string)}')`).join(', ');
      await this.execute(`UPDATE locations l SET code = c.code FROM (VALUES ${values}) AS c(id, code) WHERE l.id = c.id`);
    }
    this.addSql('ALTER TABLE locations ALTER COLUMN code SET NOT NULL');
    this.addSql('CREATE UNIQUE INDEX locations_code ON locations (workspace_id, code)');
  }
}
