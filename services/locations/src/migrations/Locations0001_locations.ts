import { Migration } from '@mikro-orm/migrations';

/** A user's location tree; the service keeps a parent within the same user and the tree acyclic. */
export class Locations0001Locations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE locations (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        name varchar(100) NOT NULL,
        type varchar(50) NOT NULL DEFAULT 'Office',
        description text,
        parent_location_id uuid REFERENCES locations (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX locations_user ON locations (user_id)');
    this.addSql('CREATE INDEX locations_parent ON locations (parent_location_id)');
  }
}
