import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdentityMessages } from '@inventory/contracts';
import { conflict } from '@inventory/platform';
import { User } from './user.entity.js';

/** Answers 409 before writing when another account has the email. */
export async function assertEmailFree(em: EntityManager, email: string, exceptUserId?: string): Promise<void> {
  const owner = await em.findOne(User, { email }, { fields: ['id'] });
  if (owner && owner.id !== exceptUserId) throw conflict(IdentityMessages.emailInUse);
}

/** Flushes; a concurrent write that took the email first also ends as 409. */
export async function flushUniqueEmail(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw conflict(IdentityMessages.emailInUse);
    throw error;
  }
}
