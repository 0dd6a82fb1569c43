import type { CurrentUser } from '../api/auth';

/** The shared account behind 'Try Demo Mode': the server refuses changes to who it is. */
export const DEMO_USER_ID = 'demo-user';
export const DEMO_USER_LOCKED = 'The demo account cannot be changed';

export const isDemoUser = (user: { id: string } | null | undefined) => user?.id === DEMO_USER_ID;

type UserNames = Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>;

/** spec §2 avatar text: initials, else first letter of the email, else U. */
export function avatarText(user: UserNames | null | undefined): string {
  const initials = `${user?.firstName?.trim()[0] ?? ''}${user?.lastName?.trim()[0] ?? ''}`;
  if (initials) return initials.toUpperCase();
  const email = user?.email?.trim();
  if (email) return email[0].toUpperCase();
  return 'U';
}

/** spec §2 display name: full name, else email, else User. */
export function displayName(user: UserNames | null | undefined): string {
  const fullName = [user?.firstName, user?.lastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  return fullName || user?.email?.trim() || 'User';
}
