import { Migration } from '@mikro-orm/migrations';

/** Personal API tokens (docs/api.md): only a digest of each is stored. */
export class Identity0003ApiTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY,
        user_id varchar(64) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        role varchar(10) NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        prefix varchar(16) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    this.addSql('CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at DESC) WHERE revoked_at IS NULL');
  }
}
