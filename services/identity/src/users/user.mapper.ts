import type { PublicUser } from '@inventory/contracts';
import type { User } from './user.entity.js';

/**
 * The only way a user leaves this service. `externalIdentities` must be loaded; the hash is read
 * only to say whether one exists.
 */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    hasPassword: user.passwordHash !== null,
    externalProviders: user.externalIdentities.getItems().map((identity) => identity.provider),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
