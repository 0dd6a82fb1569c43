import { DEMO_USER_ID, IdentityMessages, type Actor } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';

/** User management is for super admins only; checked here as well as at the gateway. */
export function assertSuperAdmin(actor: Actor): void {
  if (actor.role !== 'super_admin') throw new ServiceError('FORBIDDEN', 'Access denied');
}

/**
 * Every visitor of 'Try Demo Mode' becomes the demo user: nobody may change who it is, and it joins,
 * creates and shares no workspace (an invitation to it would reach every demo visitor).
 */
export function assertNotDemo(actor: Actor): void {
  if (actor.userId === DEMO_USER_ID) throw new ServiceError('FORBIDDEN', IdentityMessages.demoUserImmutable);
}
