import type { ExternalProvider, PublicUser } from '@inventory/contracts';
import type { User } from './user.entity.js';

/** What a PublicUser is made of: read from the entity (toPublicUser) or as one row (ProfileService.get). */
export interface PublicUserFields {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: PublicUser['role'];
  hasPassword: boolean;
  externalProviders: ExternalProvider[];
  /** ISO 8601, UTC, milliseconds (as Date.toISOString and isoTimeSql write it). */
  createdAt: string;
  updatedAt: string;
}

/** From the entity: `externalIdentities` must be loaded; the hash is read only to say whether one exists. */
export function toPublicUser(user: User): PublicUser {
  return publicUserOf({
    ...user,
    hasPassword: user.passwordHash !== null,
    externalProviders: user.externalIdentities.getItems().map((identity) => identity.provider),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  });
}

/** The only way a user leaves this service (docs/architecture.md, "A request": the current user). */
export function publicUserOf(user: PublicUserFields): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    hasPassword: user.hasPassword,
    externalProviders: user.externalProviders,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
