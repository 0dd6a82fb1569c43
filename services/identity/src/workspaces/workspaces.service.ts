import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  INVITATION_VALID_DAYS,
  MAX_PENDING_INVITATIONS,
  WorkspaceMessages as M,
  WorkspacePermissions as can,
  type AcceptedInvitation,
  type Actor,
  type CreatedInvitation,
  type CurrentUser,
  type CurrentWorkspace,
  type Invitation,
  type InvitationPreview,
  type MemberRemovalResult,
  type MemberRoleResult,
  type MembershipChange,
  type PublicUser,
  type WorkspaceDeletion,
  type WorkspaceEvent,
  type WorkspaceListing,
  type WorkspaceMember,
  type WorkspaceRole,
  type WorkspaceSummary,
} from '@inventory/contracts';
import { conflict, isoTimeSql, newEvent, runSql, ServiceError, writeOutbox } from '@inventory/platform';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { assertNotDemo, assertSuperAdmin } from '../users/actor.js';
import type {
  InvitationRefDto,
  InvitationRequestDto,
  InvitationTokenDto,
  MemberRefDto,
  MemberRoleDto,
  WorkspaceNameDto,
  WorkspaceRefDto,
  WorkspaceRenameDto,
} from './workspaces.dto.js';

const notFound = () => new ServiceError('NOT_FOUND', M.notFound);
const forbidden = (message: string = M.roleForbids) => new ServiceError('FORBIDDEN', message);
const invitationNotFound = () => new ServiceError('NOT_FOUND', M.invitationNotFound);
const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

/** A user's personal workspace is named after them; its id is theirs (docs/workspaces.md). */
export const personalWorkspaceName = (firstName: string | null) => (firstName ? `${firstName}'s inventory` : 'My inventory');

interface MembershipRow {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
}

const SUMMARY_SELECT = `SELECT w.id, w.name, m.role, w.personal,
    (SELECT count(*)::int FROM workspace_members c WHERE c.workspace_id = w.id) AS "memberCount"
  FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id`;

/**
 * Workspaces, members and invitations. The membership table here is the truth: every check reads
 * the caller's role in the workspace named by the request, never the role a session carries.
 */
@Injectable()
export class WorkspacesService {
  constructor(private readonly em: EntityManager) {}

  /**
   * The user with the workspace their session should work in: `preferred` if they are a member of
   * it, else the one they used last. Makes the personal workspace first if it is missing (a user
   * from before workspaces, the demo user and the super admin on their first sign-in).
   */
  async withWorkspace(user: PublicUser, preferred?: string): Promise<CurrentUser> {
    const sql = this.sql();
    const current = () =>
      sql<CurrentWorkspace>(
        `SELECT w.id, w.name, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
          WHERE m.user_id = ? ORDER BY (w.id = ?) DESC, m.last_used_at DESC LIMIT 1`,
        [user.id, preferred ?? ''],
      );
    const [workspace] = await current();
    if (workspace) return { ...user, workspace };
    // No workspace at all: their personal one is made now (concurrent first sign-ins settle on the keys).
    await sql(`INSERT INTO workspaces (id, name, personal) VALUES (?, ?, true) ON CONFLICT (id) DO NOTHING`, [
      user.id,
      personalWorkspaceName(user.firstName),
    ]);
    await sql(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'owner') ON CONFLICT DO NOTHING`, [
      user.id,
      user.id,
    ]);
    return { ...user, workspace: (await current())[0] };
  }

  list(actor: Actor): Promise<WorkspaceSummary[]> {
    return this.sql()<WorkspaceSummary>(`${SUMMARY_SELECT} WHERE m.user_id = ? ORDER BY w.personal DESC, lower(w.name), w.id`, [
      actor.userId,
    ]);
  }

  async create(actor: Actor, { name }: WorkspaceNameDto): Promise<WorkspaceSummary> {
    assertNotDemo(actor);
    const id = randomUUID();
    await this.em.transactional(async (em) => {
      await runSql(em, 'INSERT INTO workspaces (id, name) VALUES (?, ?)', [id, name]);
      await runSql(em, `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'owner')`, [id, actor.userId]);
    });
    return this.summary(actor, id);
  }

  async rename(actor: Actor, { id, name }: WorkspaceRenameDto): Promise<WorkspaceSummary> {
    assertNotDemo(actor);
    const membership = await this.membership(actor, id);
    if (!can.manageMembers(membership.role)) throw forbidden();
    await this.sql()('UPDATE workspaces SET name = ? WHERE id = ?', [name, id]);
    return this.summary(actor, id);
  }

  /** Everyone in it loses it; its data is purged by every service on WorkspaceDeleted. */
  async delete(actor: Actor, { id }: WorkspaceRefDto): Promise<WorkspaceDeletion> {
    assertNotDemo(actor);
    const membership = await this.membership(actor, id);
    if (!can.own(membership.role)) throw forbidden();
    if (membership.personal) throw conflict(M.personalCannotBeDeleted);
    return this.em.transactional(async (em) => {
      const members = await runSql<{ user_id: string }>(em, 'SELECT user_id FROM workspace_members WHERE workspace_id = ?', [id]);
      await deleteWorkspaces(em, [id], actor.userId);
      return { change: { workspaceId: id, changed: [], removed: members.map((m) => m.user_id) } };
    });
  }

  async switch(actor: Actor, { id }: WorkspaceRefDto): Promise<CurrentWorkspace> {
    const membership = await this.membership(actor, id);
    await this.sql()('UPDATE workspace_members SET last_used_at = now() WHERE workspace_id = ? AND user_id = ?', [id, actor.userId]);
    return { id: membership.id, name: membership.name, role: membership.role };
  }

  async members(actor: Actor, { id }: WorkspaceRefDto): Promise<WorkspaceMember[]> {
    await this.membership(actor, id);
    return this.memberRows(this.em, id);
  }

  /**
   * Owners and admins change roles; only an owner makes an owner or changes an owner's role. The
   * workspace's owner rows are locked first, so two owners demoting each other at once cannot
   * leave it without one.
   */
  async changeRole(actor: Actor, { id, userId, role }: MemberRoleDto): Promise<MemberRoleResult> {
    assertNotDemo(actor);
    const membership = await this.membership(actor, id);
    if (!can.manageMembers(membership.role)) throw forbidden();
    return this.em.transactional(async (em) => {
      const target = await lockedMember(em, id, userId);
      if ((role === 'owner' || target.role === 'owner') && !can.own(membership.role)) throw forbidden();
      if (target.role === 'owner' && role !== 'owner') await assertAnotherOwner(em, id, userId);
      await runSql(em, 'UPDATE workspace_members SET role = ? WHERE workspace_id = ? AND user_id = ?', [role, id, userId]);
      const member = (await this.memberRows(em, id)).find((m) => m.userId === userId)!;
      return { member, change: { workspaceId: id, changed: [{ userId, role }], removed: [] } };
    });
  }

  /** Owners and admins remove members (only an owner removes an owner); anyone may leave. */
  async removeMember(actor: Actor, { id, userId }: MemberRefDto): Promise<MemberRemovalResult> {
    assertNotDemo(actor);
    const membership = await this.membership(actor, id);
    const leaving = userId === actor.userId;
    if (!leaving && !can.manageMembers(membership.role)) throw forbidden();
    if (leaving && membership.id === actor.userId) throw conflict(M.lastOwner);
    return this.em.transactional(async (em) => {
      const target = await lockedMember(em, id, userId);
      if (!leaving && target.role === 'owner' && !can.own(membership.role)) throw forbidden();
      if (target.role === 'owner') await assertAnotherOwner(em, id, userId);
      await runSql(em, 'DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?', [id, userId]);
      return { change: { workspaceId: id, changed: [], removed: [userId] } };
    });
  }

  async invite(actor: Actor, { id, email, role }: InvitationRequestDto): Promise<Omit<CreatedInvitation, 'url'>> {
    assertNotDemo(actor);
    const membership = await this.membership(actor, id);
    if (!can.manageMembers(membership.role) || (role === 'owner' && !can.own(membership.role))) throw forbidden();
    const token = randomBytes(32).toString('base64url');
    return this.em.transactional(async (em) => {
      // Serializes invitations to one workspace, so the checks below hold until the insert.
      await runSql(em, 'SELECT id FROM workspaces WHERE id = ? FOR UPDATE', [id]);
      const [member] = await runSql(
        em,
        'SELECT 1 FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ? AND lower(u.email) = lower(?)',
        [id, email],
      );
      if (member) throw conflict(M.alreadyMember);
      const pending = await runSql<{ email: string }>(em, `SELECT email FROM workspace_invitations WHERE workspace_id = ? AND ${PENDING}`, [
        id,
      ]);
      if (pending.some((p) => p.email.toLowerCase() === email.toLowerCase())) throw conflict(M.alreadyInvited);
      if (pending.length >= MAX_PENDING_INVITATIONS) throw conflict(M.tooManyInvitations);
      const [created] = await runSql<Invitation>(
        em,
        `INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, inviter_name, expires_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ? RETURNING ${INVITATION_COLUMNS}`,
        [
          randomUUID(),
          id,
          email,
          role,
          tokenDigest(token),
          actor.userId,
          actor.userName,
          new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS),
        ],
      );
      return { ...created, token };
    });
  }

  async invitations(actor: Actor, { id }: WorkspaceRefDto): Promise<Invitation[]> {
    const membership = await this.membership(actor, id);
    if (!can.manageMembers(membership.role)) throw forbidden();
    return this.sql()<Invitation>(
      `SELECT ${INVITATION_COLUMNS} FROM workspace_invitations WHERE workspace_id = ? AND ${PENDING} ORDER BY created_at DESC`,
      [id],
    );
  }

  async revoke(actor: Actor, { id, invitationId }: InvitationRefDto): Promise<InvitationRefDto> {
    const membership = await this.membership(actor, id);
    if (!can.manageMembers(membership.role)) throw forbidden();
    const revoked = await this.sql()(
      `UPDATE workspace_invitations SET revoked_at = now() WHERE id = ? AND workspace_id = ? AND ${PENDING} RETURNING id`,
      [invitationId, id],
    );
    if (revoked.length === 0) throw invitationNotFound();
    return { id, invitationId };
  }

  /** Public: what the invitation page shows before anyone signs in. */
  async preview({ token }: InvitationTokenDto): Promise<InvitationPreview> {
    const [found] = await this.sql()<InvitationPreview>(
      `SELECT w.name AS "workspaceName", i.inviter_name AS "inviterName", i.role, i.email, ${isoTimeSql('i.expires_at')} AS "expiresAt"
         FROM workspace_invitations i JOIN workspaces w ON w.id = i.workspace_id WHERE i.token_hash = ? AND ${PENDING}`,
      [tokenDigest(token)],
    );
    if (!found) throw invitationNotFound();
    return found;
  }

  /** Single use: the first accept marks it, in the same statement that checks it is still pending. */
  async accept(actor: Actor, { token }: InvitationTokenDto): Promise<AcceptedInvitation> {
    assertNotDemo(actor);
    return this.em.transactional(async (em) => {
      const [invitation] = await runSql<{ id: string; workspace_id: string; email: string; role: WorkspaceRole }>(
        em,
        `SELECT id, workspace_id, email, role FROM workspace_invitations WHERE token_hash = ? AND ${PENDING} FOR UPDATE`,
        [tokenDigest(token)],
      );
      if (!invitation) throw invitationNotFound();
      const [user] = await runSql<{ email: string | null }>(em, 'SELECT email FROM users WHERE id = ?', [actor.userId]);
      if (user?.email?.toLowerCase() !== invitation.email.toLowerCase()) throw forbidden(M.invitationWrongEmail);
      const joined = await runSql(
        em,
        'INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING user_id',
        [invitation.workspace_id, actor.userId, invitation.role],
      );
      if (joined.length === 0) throw conflict(M.alreadyMember);
      await runSql(em, 'UPDATE workspace_invitations SET accepted_at = now(), accepted_by = ? WHERE id = ?', [actor.userId, invitation.id]);
      const [workspace] = await runSql<CurrentWorkspace>(
        em,
        'SELECT w.id, w.name, m.role FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id WHERE w.id = ? AND m.user_id = ?',
        [invitation.workspace_id, actor.userId],
      );
      return { workspace };
    });
  }

  /** Super admins: every workspace, with its size and owners. */
  listAll(actor: Actor): Promise<WorkspaceListing[]> {
    assertSuperAdmin(actor);
    return this.sql()<WorkspaceListing>(
      `SELECT w.id, w.name, ${isoTimeSql('w.created_at')} AS "createdAt",
              (SELECT count(*)::int FROM workspace_members m WHERE m.workspace_id = w.id) AS "memberCount",
              ARRAY(SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
                     WHERE m.workspace_id = w.id AND m.role = 'owner' AND u.email IS NOT NULL ORDER BY u.email) AS "ownerEmails"
         FROM workspaces w ORDER BY w.created_at DESC, w.id`,
    );
  }

  /** The caller's membership of `workspaceId`; a workspace they are not in answers 404 like a missing one. */
  private async membership(actor: Actor, workspaceId: string): Promise<MembershipRow> {
    const [row] = await this.sql()<MembershipRow>(
      'SELECT w.id, w.name, m.role, w.personal FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id WHERE m.workspace_id = ? AND m.user_id = ?',
      [workspaceId, actor.userId],
    );
    if (!row) throw notFound();
    return row;
  }

  private async summary(actor: Actor, id: string): Promise<WorkspaceSummary> {
    const [summary] = await this.sql()<WorkspaceSummary>(`${SUMMARY_SELECT} WHERE m.user_id = ? AND w.id = ?`, [actor.userId, id]);
    return summary;
  }

  private memberRows(em: EntityManager, workspaceId: string): Promise<WorkspaceMember[]> {
    return runSql<WorkspaceMember>(
      em,
      `SELECT m.user_id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email, m.role, ${isoTimeSql('m.joined_at')} AS "joinedAt"
         FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ?
        ORDER BY array_position(ARRAY['owner', 'admin', 'member', 'viewer'], m.role::text), lower(u.first_name), m.joined_at`,
      [workspaceId],
    );
  }

  private sql() {
    return <T extends object = Record<string, unknown>>(text: string, params: unknown[] = []) => runSql<T>(this.em, text, params);
  }
}

const PENDING = 'accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()';
const INVITATION_COLUMNS = `id, email, role, inviter_name AS "invitedBy", ${isoTimeSql('expires_at')} AS "expiresAt", ${isoTimeSql('created_at')} AS "createdAt"`;

async function lockedMember(em: EntityManager, workspaceId: string, userId: string): Promise<{ role: WorkspaceRole }> {
  // Every owner row is locked too (in id order), so owner checks that follow see settled rows.
  await runSql(em, `SELECT user_id FROM workspace_members WHERE workspace_id = ? AND role = 'owner' ORDER BY user_id FOR UPDATE`, [
    workspaceId,
  ]);
  const [target] = await runSql<{ role: WorkspaceRole }>(
    em,
    'SELECT role FROM workspace_members WHERE workspace_id = ? AND user_id = ? FOR UPDATE',
    [workspaceId, userId],
  );
  if (!target) throw new ServiceError('NOT_FOUND', M.memberNotFound);
  return target;
}

async function assertAnotherOwner(em: EntityManager, workspaceId: string, userId: string): Promise<void> {
  const owners = await runSql<{ user_id: string }>(em, `SELECT user_id FROM workspace_members WHERE workspace_id = ? AND role = 'owner'`, [
    workspaceId,
  ]);
  if (!owners.some((owner) => owner.user_id !== userId)) throw conflict(M.lastOwner);
}

/** Deletes workspaces and announces each, in the caller's transaction, so every service purges their data. */
export async function deleteWorkspaces(em: EntityManager, ids: string[], deletedBy: string): Promise<void> {
  if (ids.length === 0) return;
  await runSql(em, 'DELETE FROM workspaces WHERE id = ANY(?)', [ids]);
  const events: WorkspaceEvent[] = ids.map((workspaceId) =>
    newEvent({
      source: 'identity',
      type: 'WorkspaceDeleted',
      streamId: `workspace-${workspaceId}`,
      data: { workspaceId },
      metadata: { workspaceId, userId: deletedBy },
    }),
  );
  await writeOutbox(em, events);
}

/**
 * Before a user is deleted: their personal workspace goes with them (UserDeleted purges it), and a
 * shared workspace where they were the only owner gets the longest-standing admin (else member,
 * else viewer) as owner, or is deleted when nobody else is in it. Returns the workspaces that go.
 */
export async function releaseWorkspacesOf(em: EntityManager, userId: string): Promise<MembershipChange[]> {
  const soleOwned = await runSql<{ workspace_id: string }>(
    em,
    `SELECT m.workspace_id FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = ? AND m.role = 'owner' AND NOT w.personal
        AND NOT EXISTS (SELECT 1 FROM workspace_members o WHERE o.workspace_id = m.workspace_id AND o.role = 'owner' AND o.user_id <> m.user_id)
      ORDER BY m.workspace_id FOR UPDATE OF m`,
    [userId],
  );
  const emptied: string[] = [];
  const changes: MembershipChange[] = [];
  for (const { workspace_id: workspaceId } of soleOwned) {
    const [heir] = await runSql<{ user_id: string }>(
      em,
      `SELECT user_id FROM workspace_members WHERE workspace_id = ? AND user_id <> ?
        ORDER BY array_position(ARRAY['admin', 'member', 'viewer'], role::text), joined_at, user_id LIMIT 1`,
      [workspaceId, userId],
    );
    if (!heir) {
      emptied.push(workspaceId);
      continue;
    }
    await runSql(em, `UPDATE workspace_members SET role = 'owner' WHERE workspace_id = ? AND user_id = ?`, [workspaceId, heir.user_id]);
    changes.push({ workspaceId, changed: [{ userId: heir.user_id, role: 'owner' }], removed: [userId] });
  }
  const personalMembers = await runSql<{ user_id: string }>(em, 'SELECT user_id FROM workspace_members WHERE workspace_id = ?', [userId]);
  changes.push({ workspaceId: userId, changed: [], removed: personalMembers.map((m) => m.user_id) });
  await runSql(em, 'DELETE FROM workspaces WHERE id = ?', [userId]);
  await deleteWorkspaces(em, emptied, userId);
  for (const workspaceId of emptied) changes.push({ workspaceId, changed: [], removed: [userId] });
  return changes;
}
