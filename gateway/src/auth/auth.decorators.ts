import { createParamDecorator, SetMetadata, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Actor, Role } from '@inventory/contracts';
import type { Request, Response } from 'express';
import { withRequestId } from '../logging/request-id.js';

export const IS_PUBLIC = Symbol('isPublic');
export const REQUIRED_ROLES = Symbol('requiredRoles');

/** The route answers signed-out visitors too (every /api route requires a signed-in user otherwise). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const WITHOUT_COOKIE = Symbol('withoutCookie');

/**
 * Public, and authenticated by a token in the request alone (an email's unsubscribe link): it reads
 * nothing of the session, so there is no cookie for a forger to ride on and CSRF checks do not apply.
 * Mail clients' one-click unsubscribe (RFC 8058) posts without our token or origin.
 */
export const WithoutCookie = () => SetMetadata(WITHOUT_COOKIE, true);

export const WORKSPACE_DATA = Symbol('workspaceData');

/** The routes act on the current workspace's data: writes need a role that may write (not viewer). */
export const WorkspaceData = () => SetMetadata(WORKSPACE_DATA, true);

/** Only these roles may call the route (403 for other signed-in users). */
export const Roles = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);

/** The signed-in user from the session, for the envelope of every service call. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const http = context.switchToHttp();
  const actor = actorOf(http.getRequest<Request>());
  if (!actor) throw new UnauthorizedException('Unauthorized');
  return withRequestId(actor, http.getResponse<Response>().locals.requestId);
});

export function actorOf(req: Request): Actor | undefined {
  if (req.apiToken) return req.apiToken.actor;
  const { userId, role, workspaceId, workspaceRole, userName } = req.session ?? {};
  if (!userId || !role) return undefined;
  // A session from before workspaces works in the personal workspace, whose id is the user's.
  return { userId, role, workspaceId: workspaceId ?? userId, workspaceRole: workspaceRole ?? 'owner', userName: userName ?? '' };
}
