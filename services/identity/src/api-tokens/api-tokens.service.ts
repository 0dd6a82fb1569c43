import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  API_TOKEN_PREFIX,
  ApiTokenMessages as M,
  lowerWorkspaceRole,
  displayNameOf,
  MAX_API_TOKENS_PER_USER,
  WORKSPACE_ROLES,
  WorkspaceMessages,
  type Actor,
  type ApiTokenRef,
  type ApiTokenView,
  type AuthenticatedToken,
  type CreatedApiToken,
  type Role,
  type WorkspaceRole,
} from '@inventory/contracts';
import { conflict, isoTimeSql, invalid, runSql, ServiceError } from '@inventory/platform';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { assertNotDemo } from '../users/actor.js';
import type { ApiTokenCheckDto, ApiTokenRefDto, ApiTokenRequestDto } from './api-tokens.dto.js';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
/** What the owner sees to recognise a token: "inv_" and the first 8 characters of its secret. */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;
const VIEW_COLUMNS = `t.id, t.name, t.prefix, t.workspace_id AS "workspaceId", w.name AS "workspaceName", t.role,
  ${isoTimeSql('t.created_at')} AS "createdAt", ${isoTimeSql('t.last_used_at')} AS "lastUsedAt", ${isoTimeSql('t.expires_at')} AS "expiresAt"`;
const LIVE = 't.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())';

interface TokenRow {
  id: string;
  user_id: string;
  workspace_id: string;
  token_role: WorkspaceRole;
  member_role: WorkspaceRole;
  global_role: Role;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  expires_at: string | null;
}

/**
 * Personal API tokens. The secret is shown once; only its SHA-256 is kept. A token acts in its
 * workspace with the lower of its own role and its user's role there now, so a demotion or a
 * removal takes effect on the user's tokens too (docs/api.md).
 */
@Injectable()
export class ApiTokensService {
  constructor(private readonly em: EntityManager) {}

  async create(actor: Actor, dto: ApiTokenRequestDto): Promise<CreatedApiToken> {
    assertNotDemo(actor);
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalid(M.expiryInvalid);
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    await this.em.transactional(async (em) => {
      // Serializes one user's token creations, so the cap holds.
      const [membership] = await runSql<{ role: WorkspaceRole }>(
        em,
        'SELECT m.role FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ? AND m.user_id = ? FOR UPDATE OF u',
        [dto.workspaceId, actor.userId],
      );
      if (!membership) throw new ServiceError('NOT_FOUND', WorkspaceMessages.notFound);
      if (WORKSPACE_ROLES.indexOf(dto.role) < WORKSPACE_ROLES.indexOf(membership.role)) throw new ServiceError('FORBIDDEN', M.roleTooHigh);
      const [{ live }] = await runSql<{ live: number }>(
        em,
        `SELECT count(*)::int AS live FROM api_tokens t WHERE t.user_id = ? AND ${LIVE}`,
        [actor.userId],
      );
      if (live >= MAX_API_TOKENS_PER_USER) throw conflict(M.tooMany);
      await runSql(
        em,
        'INSERT INTO api_tokens (id, user_id, workspace_id, name, role, prefix, token_hash, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [id, actor.userId, dto.workspaceId, dto.name, dto.role, token.slice(0, PREFIX_LENGTH), digest(token), expiresAt],
      );
    });
    const [view] = await this.views(actor, id);
    return { ...view, token };
  }

  list(actor: Actor): Promise<ApiTokenView[]> {
    return this.views(actor);
  }

  async revoke(actor: Actor, { id }: ApiTokenRefDto): Promise<ApiTokenRef> {
    const revoked = await runSql(
      this.em,
      'UPDATE api_tokens SET revoked_at = now() WHERE id::text = ? AND user_id = ? AND revoked_at IS NULL RETURNING id',
      [id, actor.userId],
    );
    if (revoked.length === 0) throw new ServiceError('NOT_FOUND', M.notFound);
    return { id };
  }

  /** The gateway's check of a presented token; an unknown, revoked or expired one answers UNAUTHORIZED. */
  async authenticate({ token }: ApiTokenCheckDto): Promise<AuthenticatedToken> {
    const [row] = await runSql<TokenRow>(
      this.em,
      `UPDATE api_tokens t SET last_used_at = now()
         FROM workspace_members m, users u
        WHERE t.token_hash = ? AND ${LIVE} AND m.workspace_id = t.workspace_id AND m.user_id = t.user_id AND u.id = t.user_id
        RETURNING t.id, t.user_id, t.workspace_id, t.role AS token_role, m.role AS member_role, u.role AS global_role,
                  u.first_name, u.last_name, u.email, ${isoTimeSql('t.expires_at')} AS expires_at`,
      [digest(token)],
    );
    if (!row) throw new ServiceError('UNAUTHORIZED', M.invalid);
    return {
      tokenId: row.id,
      expiresAt: row.expires_at,
      actor: {
        userId: row.user_id,
        role: row.global_role,
        workspaceId: row.workspace_id,
        workspaceRole: lowerWorkspaceRole(row.token_role, row.member_role),
        userName: displayNameOf({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      },
    };
  }

  private views(actor: Actor, id?: string): Promise<ApiTokenView[]> {
    return runSql<ApiTokenView>(
      this.em,
      `SELECT ${VIEW_COLUMNS} FROM api_tokens t JOIN workspaces w ON w.id = t.workspace_id
        WHERE t.user_id = ? AND ${LIVE} ${id ? 'AND t.id = ?' : ''} ORDER BY t.created_at DESC, t.id`,
      id ? [actor.userId, id] : [actor.userId],
    );
  }
}
