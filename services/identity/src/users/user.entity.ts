import { Collection, Embedded, Entity, OneToMany, PrimaryKey, Property } from '@mikro-orm/core';
import type { Role } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import { ExternalIdentity } from './external-identity.entity.js';
import { NotificationSettings } from './notification-settings.embeddable.js';

/** An account. The email is stored lower-cased; a unique index on lower(email) backs that up. */
@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'string', length: 64 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  firstName: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  lastName: string | null = null;

  @Property({ type: 'string', length: 1024, nullable: true })
  profileImageUrl: string | null = null;

  /** scrypt hash; null for accounts that only sign in through a provider or a shortcut. */
  @Property({ type: 'string', length: 255, nullable: true })
  passwordHash: string | null = null;

  @Property({ type: 'string', length: 20 })
  role: Role = 'user';

  @Embedded({ entity: () => NotificationSettings, prefix: 'notify_' })
  notifications: NotificationSettings = new NotificationSettings();

  @OneToMany({ entity: () => ExternalIdentity, mappedBy: 'user' })
  externalIdentities = new Collection<ExternalIdentity>(this);

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
