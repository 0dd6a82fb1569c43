import type { EntityManager } from '@mikro-orm/postgresql';
import { InventoryMessages as M } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { createHash } from 'node:crypto';
import { sqlOf } from '../database/sql.js';

export interface IdempotentRequest {
  userId: string;
  key: string;
  /** What was asked (subject and payload): the same key must not be reused for something else. */
  fingerprint: string;
}

export const requestFingerprint = (subject: string, payload: unknown) =>
  createHash('sha256').update(subject).update('\n').update(JSON.stringify(payload)).digest('hex');

/**
 * Claims the key in the caller's transaction. A concurrent request with the same key waits on the
 * primary key until this transaction ends: after a commit it finds the stored answer, after a
 * rollback it claims the key itself.
 */
export async function claimIdempotencyKey(
  em: EntityManager,
  request: IdempotentRequest,
): Promise<{ claimed: true } | { claimed: false; response: unknown }> {
  const sql = sqlOf(em);
  const inserted = await sql(
    'INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING key',
    [request.userId, request.key, request.fingerprint],
  );
  if (inserted.length > 0) return { claimed: true };
  const [stored] = await sql<{ fingerprint: string; response: unknown }>(
    'SELECT fingerprint, response FROM idempotency_keys WHERE user_id = ? AND key = ?',
    [request.userId, request.key],
  );
  if (stored.fingerprint !== request.fingerprint) throw new ServiceError('CONFLICT', M.idempotencyKeyReused);
  return { claimed: false, response: stored.response };
}

export async function storeIdempotentResponse(em: EntityManager, request: IdempotentRequest, response: unknown): Promise<void> {
  await sqlOf(em)('UPDATE idempotency_keys SET response = ?::jsonb WHERE user_id = ? AND key = ?', [
    JSON.stringify(response),
    request.userId,
    request.key,
  ]);
}

/** Frees a key claimed in the caller's transaction whose request was refused. */
export async function releaseIdempotencyKey(em: EntityManager, request: IdempotentRequest): Promise<void> {
  await sqlOf(em)('DELETE FROM idempotency_keys WHERE user_id = ? AND key = ?', [request.userId, request.key]);
}
