import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEMO_USER_ID, IdentityMessages, type Actor, type PublicUser, type UserDeletion, type UserEvent } from '@inventory/contracts';
import { conflict, newEvent, notFound, runSql, ServiceError, writeOutbox } from '@inventory/platform';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { assertSuperAdmin } from '../users/actor.js';
import { assertEmailFree, flushUniqueEmail } from '../users/email-uniqueness.js';
import { User } from '../users/user.entity.js';
import { toPublicUser } from '../users/user.mapper.js';
import { releaseWorkspacesOf } from '../workspaces/workspaces.service.js';
import type { UserRefDto, UserUpdateDto } from './users-admin.dto.js';

const forbidden = (message: string) => new ServiceError('FORBIDDEN', message);

/** User management (spec §6): super admins only. */
@Injectable()
export class UsersAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
  ) {}

  async list(actor: Actor): Promise<PublicUser[]> {
    assertSuperAdmin(actor);
    const users = await this.em.find(User, {}, { populate: ['externalIdentities'], orderBy: { createdAt: 'desc', id: 'asc' } });
    return users.map(toPublicUser);
  }

  async update(actor: Actor, dto: UserUpdateDto): Promise<PublicUser> {
    assertSuperAdmin(actor);
    // Every visitor of 'Try Demo Mode' becomes this user: its profile and role stay as seeded.
    if (dto.id === DEMO_USER_ID) throw forbidden(IdentityMessages.demoUserImmutable);
    // Demoting yourself could leave nobody able to manage users.
    if (dto.id === actor.userId && dto.role && dto.role !== 'super_admin') throw forbidden('You cannot change your own role');
    const passwordHash = dto.password ? await this.hasher.hash(dto.password) : undefined;
    return this.em.transactional(async (em) => {
      const user = await em.findOne(User, dto.id, { populate: ['externalIdentities'] });
      if (!user) throw notFound('User');
      if (dto.role && dto.role !== 'super_admin' && user.role === 'super_admin') await assertAnotherSuperAdmin(em, user.id);
      if (dto.email !== user.email) await assertEmailFree(em, dto.email, user.id);
      Object.assign(user, { firstName: dto.firstName, lastName: dto.lastName, email: dto.email });
      if (dto.role) user.role = dto.role;
      if (passwordHash) user.passwordHash = passwordHash;
      await flushUniqueEmail(em);
      return toPublicUser(user);
    });
  }

  /** Deletes the account and, in the same transaction, announces it so every service purges its data. */
  async delete(actor: Actor, dto: UserRefDto): Promise<UserDeletion> {
    assertSuperAdmin(actor);
    if (dto.id === DEMO_USER_ID) throw forbidden('The demo user cannot be deleted');
    if (dto.id === actor.userId) throw forbidden('You cannot delete your own account');
    return this.em.transactional(async (em) => {
      const target = await em.findOne(User, dto.id, { fields: ['id', 'role'] });
      if (!target) throw notFound('User');
      if (target.role === 'super_admin') await assertAnotherSuperAdmin(em, target.id);
      const workspaceChanges = await releaseWorkspacesOf(em, dto.id);
      const deleted = await em.nativeDelete(User, { id: dto.id });
      if (deleted === 0) throw notFound('User');
      const event: UserEvent = newEvent({
        source: 'identity',
        type: 'UserDeleted',
        streamId: `user-${dto.id}`,
        data: { userId: dto.id },
        metadata: { workspaceId: dto.id, userId: dto.id, deletedBy: actor.userId },
      });
      await writeOutbox(em, [event]);
      return { id: dto.id, workspaceChanges };
    });
  }
}

/**
 * Refuses (409) to demote or delete `userId` when no other super admin would remain. Every super
 * admin row is locked first, so two super admins removing each other at the same moment are
 * serialized by PostgreSQL: the second sees the first's change and is refused.
 */
async function assertAnotherSuperAdmin(em: EntityManager, userId: string): Promise<void> {
  const superAdmins = await runSql<{ id: string }>(em, `SELECT id FROM users WHERE role = 'super_admin' ORDER BY id FOR UPDATE`);
  if (!superAdmins.some((row) => row.id !== userId)) throw conflict(IdentityMessages.lastSuperAdmin);
}
