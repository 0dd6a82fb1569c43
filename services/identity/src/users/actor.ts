import type { Actor } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';

/** User management is for super admins only; checked here as well as at the gateway. */
export function assertSuperAdmin(actor: Actor): void {
  if (actor.role !== 'super_admin') throw new ServiceError('FORBIDDEN', 'Access denied');
}
