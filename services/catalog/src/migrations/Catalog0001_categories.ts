import { Migration } from '@mikro-orm/migrations';

/** Categories; a name is unique per user ignoring case (the index is what makes it race-safe). */
export class Catalog0001Categories extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE categories (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        name varchar(100) NOT NULL,
        description text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE UNIQUE INDEX categories_user_name_unique ON categories (user_id, lower(name))');
  }
}
