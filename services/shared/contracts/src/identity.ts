import type { Role } from './envelope.js';
import type { CurrentWorkspace, MembershipChange } from './workspaces.js';

/** NATS subjects of the identity service. */
export const IdentitySubjects = {
  register: 'identity.accounts.register',
  signInWithPassword: 'identity.accounts.sign-in-with-password',
  signInSuperAdmin: 'identity.accounts.sign-in-super-admin',
  signInDemo: 'identity.accounts.sign-in-demo',
  signInExternal: 'identity.accounts.sign-in-external',
  getProfile: 'identity.profile.get',
  updateProfile: 'identity.profile.update',
  setProfilePhoto: 'identity.profile.set-photo',
  getPreferences: 'identity.preferences.get',
  updatePreferences: 'identity.preferences.update',
  listUsers: 'identity.users.list',
  updateUser: 'identity.users.update',
  deleteUser: 'identity.users.delete',
} as const;

/** The shared demo account (spec §9). It cannot be deleted. */
export const DEMO_USER_ID = 'demo-user';
/** The super admin seeded when SUPER_ADMIN_EMAIL is not set. */
export const DEFAULT_SUPER_ADMIN_EMAIL = 'admin@example.com';

export const PASSWORD_MIN_LENGTH = 6;
/** scrypt takes any length; the cap keeps one request from buying seconds of CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Validation messages (spec §5), shared by the gateway's and the service's checks. */
export const IdentityMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Please enter a valid email',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  nameTooLong: `Names must be at most ${NAME_MAX_LENGTH} characters`,
  invalidRole: 'Role must be user, admin or super_admin',
  /** One answer for an unknown email and a wrong password, so sign-in does not reveal accounts. */
  invalidCredentials: 'Invalid email or password',
  /**
   * A taken email at sign-up or on an email change. Worded so it does not confirm that an account
   * exists (the same words fit an address refused for any reason); docs/security.md.
   */
  emailInUse: 'This email address cannot be used. If you already have an account, sign in with it.',
  /** The demo account is shared by every visitor: nobody may change who it is or what it may do. */
  demoUserImmutable: 'The demo account cannot be changed',
  lastSuperAdmin: 'At least one super admin must remain',
} as const;

/** External sign-in providers; an account is linked to one by (provider, subject). */
export type ExternalProvider = 'google' | 'oidc';

/** The name recorded with what a user does ("by Jane Doe"): their full name, else their email. */
export const displayNameOf = (user: { firstName: string | null; lastName: string | null; email: string | null }): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || '';

/** A user as every call returns it: never a password or a hash. */
export interface PublicUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  /** The admin list shows 'No password' when false. */
  hasPassword: boolean;
  externalProviders: ExternalProvider[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A user with the workspace their session works in: what sign-in and GET /api/auth/user answer.
 * At sign-in it is the workspace used last (the personal one at first).
 */
export interface CurrentUser extends PublicUser {
  workspace: CurrentWorkspace;
}

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface PasswordSignInRequest {
  email: string;
  password: string;
}

export interface SuperAdminSignInRequest {
  email: string;
}

/**
 * What an external provider vouches for. With an actor (a signed-in user) the identity is linked
 * to that user; without one it signs in the linked user or creates a new account.
 */
export interface ExternalSignInRequest {
  provider: ExternalProvider;
  subject: string;
  /** Only an email the provider verified. */
  email?: string;
  firstName?: string;
  lastName?: string;
  profileImageUrl?: string;
}

export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export interface ProfilePhotoUpdate {
  profileImageUrl: string;
}

export interface ProfilePhotoResult {
  user: PublicUser;
  /** The photo it replaced, so the caller can delete the stored file. */
  replacedImageUrl: string | null;
}

/** Server-side notification settings of the account screen. */
export interface NotificationPreferences {
  lowStock: boolean;
  expiry: boolean;
  email: boolean;
  push: boolean;
}

/** spec §2 defaults. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = {
  lowStock: true,
  expiry: true,
  email: false,
  push: true,
};

/** An admin's edit of a user (spec §7): a missing password keeps the current one. */
export interface UserUpdate {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  role?: Role;
}

export interface UserRef {
  id: string;
}

/** A deleted user, and what it changed in workspaces (for the gateway to update sessions). */
export interface UserDeletion extends UserRef {
  workspaceChanges: MembershipChange[];
}

/** GET /api/config: which sign-in options the web app shows. */
export interface PublicConfig {
  demoLoginEnabled: boolean;
  superAdminShortcutEnabled: boolean;
  /** Sent only while the shortcut is enabled. */
  superAdminEmail?: string;
  googleEnabled: boolean;
  oidcEnabled: boolean;
}

export interface IdentityRpc {
  [IdentitySubjects.register]: { request: RegisterRequest; response: CurrentUser };
  [IdentitySubjects.signInWithPassword]: { request: PasswordSignInRequest; response: CurrentUser };
  [IdentitySubjects.signInSuperAdmin]: { request: SuperAdminSignInRequest; response: CurrentUser };
  [IdentitySubjects.signInDemo]: { request: void; response: CurrentUser };
  [IdentitySubjects.signInExternal]: { request: ExternalSignInRequest; response: CurrentUser };
  [IdentitySubjects.getProfile]: { request: void; response: CurrentUser };
  [IdentitySubjects.updateProfile]: { request: ProfileUpdate; response: PublicUser };
  [IdentitySubjects.setProfilePhoto]: { request: ProfilePhotoUpdate; response: ProfilePhotoResult };
  [IdentitySubjects.getPreferences]: { request: void; response: NotificationPreferences };
  [IdentitySubjects.updatePreferences]: { request: NotificationPreferences; response: NotificationPreferences };
  [IdentitySubjects.listUsers]: { request: void; response: PublicUser[] };
  [IdentitySubjects.updateUser]: { request: UserUpdate; response: PublicUser };
  [IdentitySubjects.deleteUser]: { request: UserRef; response: UserDeletion };
}
