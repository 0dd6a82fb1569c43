import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEMO_USER_ID } from '@inventory/contracts';
import { User } from '../users/user.entity.js';

/** The shared one-click demo account (no password; it signs in through the demo shortcut). */
export async function ensureDemoUser(em: EntityManager): Promise<User> {
  const existing = await em.findOne(User, DEMO_USER_ID, { populate: ['externalIdentities'] });
  if (existing) return existing;
  const demo = Object.assign(new User(), { id: DEMO_USER_ID, email: 'demo@example.com', firstName: 'Demo', lastName: 'User' });
  try {
    await em.persistAndFlush(demo);
    return demo;
  } catch (error) {
    // Another instance seeded it at the same moment.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    em.clear();
    return em.findOneOrFail(User, DEMO_USER_ID, { populate: ['externalIdentities'] });
  }
}
