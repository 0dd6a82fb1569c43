import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DemoMessages, isDemoActor, WorkspacePermissions, WorkspaceMessages, type Actor, type Envelope } from '@inventory/contracts';
import { ServiceError } from '../errors/service-error.js';

function actorOf(context: ExecutionContext): Actor {
  const actor = context.switchToRpc().getData<Envelope<unknown> | undefined>()?.actor;
  if (typeof actor?.userId !== 'string' || actor.userId === '' || typeof actor.workspaceId !== 'string' || actor.workspaceId === '')
    throw new ServiceError('UNAUTHORIZED', 'Sign-in required');
  return actor;
}

/**
 * The actor of a message handler, from the envelope the gateway filled from the session. A request
 * without one (or without its workspace) is refused (401), so no handler can run unscoped by mistake.
 */
export const RpcActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => actorOf(context));

/**
 * The actor of a handler that changes the workspace's data: a viewer is refused (403). The gateway
 * refuses the same requests first (docs/workspaces.md); this is the owning service's own check.
 */
export const RpcWriter = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = actorOf(context);
  assertMayWriteData(actor);
  return actor;
});

export function assertMayWriteData(actor: Actor): void {
  if (!WorkspacePermissions.writeData(actor.workspaceRole)) throw new ServiceError('FORBIDDEN', WorkspaceMessages.roleForbids);
}

/**
 * The actor of a demo reset step (docs/demo.md): only the demo account, in its own workspace, may
 * clear or seed it; anyone else is refused (403) whatever their role.
 */
export const RpcDemoActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = actorOf(context);
  if (!isDemoActor(actor)) throw new ServiceError('FORBIDDEN', DemoMessages.demoOnly);
  return actor;
});
