import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor, Envelope } from '@inventory/contracts';
import { ServiceError } from '../errors/service-error.js';

/**
 * The actor of a message handler, from the envelope the gateway filled from the session. A request
 * without one is refused (401), so no handler can run unscoped by mistake.
 */
export const RpcActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToRpc().getData<Envelope<unknown> | undefined>()?.actor;
  if (typeof actor?.userId !== 'string' || actor.userId === '') throw new ServiceError('UNAUTHORIZED', 'Sign-in required');
  return actor;
});
