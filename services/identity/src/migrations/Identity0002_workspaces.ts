import { Migration } from '@mikro-orm/migrations';

/**
 * Workspaces, their members and invitations (docs/workspaces.md). Every existing user gets their
 * personal workspace, whose id is the user's id: the other services' data, owned by user id until
 * now, is then already the personal workspace's, with nothing to move.
 */
export class Identity0002Workspaces extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE workspaces (
        id varchar(64) PRIMARY KEY,
        name varchar(100) NOT NULL,
        personal boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE workspace_members (
        workspace_id varchar(64) NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        user_id varchar(64) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role varchar(10) NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        -- The workspace a sign-in opens is the one used last.
        last_used_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, user_id)
      )`);
    this.addSql('CREATE INDEX workspace_members_user ON workspace_members (user_id, last_used_at DESC)');
    this.addSql(`
      CREATE TABLE workspace_invitations (
        id uuid PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        role varchar(10) NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        -- Only a digest: a leaked table does not hand out working links.
        token_hash char(64) NOT NULL UNIQUE,
        invited_by varchar(64) REFERENCES users (id) ON DELETE SET NULL,
        inviter_name varchar(201) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by varchar(64),
        revoked_at timestamptz
      )`);
    this.addSql(
      'CREATE INDEX workspace_invitations_pending ON workspace_invitations (workspace_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL',
    );
    this.addSql(`
      INSERT INTO workspaces (id, name, personal, created_at)
      SELECT id, CASE WHEN first_name IS NULL OR first_name = '' THEN 'My inventory' ELSE first_name || '''s inventory' END, true, created_at
        FROM users`);
    this.addSql(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) SELECT id, id, 'owner', created_at FROM users`);
  }
}
