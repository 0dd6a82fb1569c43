import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { WorkspaceMessages, WorkspacePermissions } from '@inventory/contracts';
import type { Request } from 'express';
import { actorOf, WORKSPACE_DATA } from '../auth.decorators.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A viewer reads a workspace's data but never changes it: every write to a @WorkspaceData()
 * controller is refused here (403), before any service is asked. The owning services check the
 * same rule again (RpcWriter); docs/workspaces.md.
 */
@Injectable()
export class WorkspaceWriteGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (!this.reflector.getAllAndOverride<boolean>(WORKSPACE_DATA, [context.getHandler(), context.getClass()])) return true;
    const actor = actorOf(req);
    if (actor && !WorkspacePermissions.writeData(actor.workspaceRole)) throw new ForbiddenException(WorkspaceMessages.roleForbids);
    return true;
  }
}
