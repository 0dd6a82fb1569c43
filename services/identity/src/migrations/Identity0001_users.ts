import { Migration } from '@mikro-orm/migrations';

/** Users with their notification settings, and the provider accounts linked to them. */
export class CreateUsers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE users (
        id varchar(64) PRIMARY KEY,
        email varchar(254),
        first_name varchar(100),
        last_name varchar(100),
        profile_image_url varchar(1024),
        password_hash varchar(255),
        role varchar(20) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin', 'super_admin')),
        notify_low_stock boolean NOT NULL DEFAULT true,
        notify_expiry boolean NOT NULL DEFAULT true,
        notify_email boolean NOT NULL DEFAULT false,
        notify_push boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');
    this.addSql(`
      CREATE TABLE external_identities (
        id uuid PRIMARY KEY,
        user_id varchar(64) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        provider varchar(20) NOT NULL,
        subject varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT external_identities_provider_subject_unique UNIQUE (provider, subject)
      )`);
    this.addSql('CREATE INDEX external_identities_user_id_index ON external_identities (user_id)');
  }
}
