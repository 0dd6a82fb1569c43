import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import type { ExternalProvider } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import type { User } from './user.entity.js';

/** A provider account linked to a user: found by (provider, subject), never by email. */
@Entity({ tableName: 'external_identities' })
@Unique({ properties: ['provider', 'subject'] })
export class ExternalIdentity {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: 'User', deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 20 })
  provider!: ExternalProvider;

  @Property({ type: 'string', length: 255 })
  subject!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
