import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PasswordHasher } from '../passwords/password-hasher.js';
import { User } from '../users/user.entity.js';

/**
 * The super admin from SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD. The environment is authoritative:
 * each start restores the role and the password, so this account can always sign in with it.
 */
export async function ensureSuperAdmin(
  em: EntityManager,
  hasher: PasswordHasher,
  credentials: { email: string; password: string },
): Promise<void> {
  const email = credentials.email.trim().toLowerCase();
  const admin = await em.findOne(User, { email });
  if (!admin) {
    const created = Object.assign(new User(), {
      email,
      firstName: 'Super',
      lastName: 'Admin',
      role: 'super_admin',
      passwordHash: await hasher.hash(credentials.password),
    });
    try {
      await em.persistAndFlush(created);
    } catch (error) {
      // Another instance seeded it at the same moment; it used the same environment.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
    return;
  }
  admin.role = 'super_admin';
  if (!admin.passwordHash || !(await hasher.verify(credentials.password, admin.passwordHash))) {
    admin.passwordHash = await hasher.hash(credentials.password);
  }
  await em.flush();
}
