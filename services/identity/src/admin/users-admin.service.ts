import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEMO_USER_ID, type Actor, type PublicUser, type UserEvent, type UserRef } from '@inventory/contracts';
import { newEvent, notFound, ServiceError, writeOutbox } from '@inventory/platform';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { assertSuperAdmin } from '../users/actor.js';
import { assertEmailFree, flushUniqueEmail } from '../users/email-uniqueness.js';
import { User } from '../users/user.entity.js';
import { toPublicUser } from '../users/user.mapper.js';
import type { UserRefDto, UserUpdateDto } from './users-admin.dto.js';

const forbidden = (message: string) => new ServiceError('FORBIDDEN', message);

/** User management (SPEC 6): super admins only. */
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

  async update(dto: UserUpdateDto, actor: Actor): Promise<PublicUser> {
    assertSuperAdmin(actor);
    // Demoting yourself could leave nobody able to manage users.
    if (dto.id === actor.userId && dto.role && dto.role !== 'super_admin') throw forbidden('You cannot change your own role');
    const user = await this.em.findOne(User, dto.id, { populate: ['externalIdentities'] });
    if (!user) throw notFound('User');
    if (dto.email !== user.email) await assertEmailFree(this.em, dto.email, user.id);
    Object.assign(user, { firstName: dto.firstName, lastName: dto.lastName, email: dto.email });
    if (dto.role) user.role = dto.role;
    if (dto.password) user.passwordHash = await this.hasher.hash(dto.password);
    await flushUniqueEmail(this.em);
    return toPublicUser(user);
  }

  /** Deletes the account and, in the same transaction, announces it so every service purges its data. */
  async delete(dto: UserRefDto, actor: Actor): Promise<UserRef> {
    assertSuperAdmin(actor);
    if (dto.id === DEMO_USER_ID) throw forbidden('The demo user cannot be deleted');
    if (dto.id === actor.userId) throw forbidden('You cannot delete your own account');
    await this.em.transactional(async (em) => {
      const deleted = await em.nativeDelete(User, { id: dto.id });
      if (deleted === 0) throw notFound('User');
      const event: UserEvent = newEvent({
        source: 'identity',
        type: 'UserDeleted',
        streamId: `user-${dto.id}`,
        data: { userId: dto.id },
        metadata: { userId: dto.id, deletedBy: actor.userId },
      });
      await writeOutbox(em, [event]);
    });
    return { id: dto.id };
  }
}
