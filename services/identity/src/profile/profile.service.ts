import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, type NotificationPreferences, type ProfilePhotoResult, type PublicUser } from '@inventory/contracts';
import { isoTimeSql, notFound, runSql } from '@inventory/platform';
import { assertEmailFree, flushUniqueEmail } from '../users/email-uniqueness.js';
import { NotificationSettings } from '../users/notification-settings.embeddable.js';
import { User } from '../users/user.entity.js';
import { publicUserOf, toPublicUser, type PublicUserFields } from '../users/user.mapper.js';
import { assertNotDemo } from '../users/actor.js';
import type { NotificationPreferencesDto, ProfilePhotoDto, ProfileUpdateDto } from './profile.dto.js';

/** The signed-in user's own account: always the actor's, never an id from the request. */
@Injectable()
export class ProfileService {
  constructor(private readonly em: EntityManager) {}

  /**
   * What the app reads on every load (GET /api/auth/user), as one row: through the ORM (the user,
   * then its identities, each made an entity) the call took this service about 1.5 ms of CPU.
   */
  async get(actor: Actor): Promise<PublicUser> {
    const [user] = await runSql<PublicUserFields>(this.em, PUBLIC_USER_SQL, [actor.userId]);
    if (!user) throw notFound('User');
    return publicUserOf(user);
  }

  async update(actor: Actor, dto: ProfileUpdateDto): Promise<PublicUser> {
    assertNotDemo(actor);
    const user = await this.ownUser(actor);
    if (dto.email !== undefined && dto.email !== user.email) await assertEmailFree(this.em, dto.email, user.id);
    if (dto.firstName !== undefined) user.firstName = dto.firstName || null;
    if (dto.lastName !== undefined) user.lastName = dto.lastName || null;
    if (dto.email !== undefined) user.email = dto.email;
    await flushUniqueEmail(this.em);
    return toPublicUser(user);
  }

  async setPhoto(actor: Actor, dto: ProfilePhotoDto): Promise<ProfilePhotoResult> {
    assertNotDemo(actor);
    const user = await this.ownUser(actor);
    const replacedImageUrl = user.profileImageUrl;
    user.profileImageUrl = dto.profileImageUrl;
    await this.em.flush();
    return { user: toPublicUser(user), replacedImageUrl };
  }

  async preferences(actor: Actor): Promise<NotificationPreferences> {
    return toPreferences(await this.ownUser(actor));
  }

  async updatePreferences(actor: Actor, dto: NotificationPreferencesDto): Promise<NotificationPreferences> {
    const user = await this.ownUser(actor);
    Object.assign(user.notifications, dto);
    await this.em.flush();
    return toPreferences(user);
  }

  /** Back to the defaults every new account has. */
  async resetPreferences(actor: Actor): Promise<void> {
    const user = await this.ownUser(actor);
    user.notifications = new NotificationSettings();
    await this.em.flush();
  }

  private async ownUser(actor: Actor): Promise<User> {
    const user = await this.em.findOne(User, actor.userId, { populate: ['externalIdentities'] });
    if (!user) throw notFound('User');
    return user;
  }
}

/** The providers in the order they were linked. */
const PUBLIC_USER_SQL = `SELECT id, email, first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl", role,
    password_hash IS NOT NULL AS "hasPassword",
    ARRAY(SELECT provider FROM external_identities WHERE user_id = users.id ORDER BY created_at, id) AS "externalProviders",
    ${isoTimeSql('created_at')} AS "createdAt", ${isoTimeSql('updated_at')} AS "updatedAt"
  FROM users WHERE id = ?`;

function toPreferences(user: User): NotificationPreferences {
  const { lowStock, expiry, email, push } = user.notifications;
  return { lowStock, expiry, email, push };
}

/** The demo profile is shared by every visitor of 'Try Demo Mode': one visitor may not rename it for all. */
