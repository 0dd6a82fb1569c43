import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTokenMessages } from '@inventory/contracts';
import type { Request } from 'express';
import { IS_PUBLIC, WORKSPACE_DATA } from '../auth.decorators.js';

/**
 * An API token reaches the workspace's data (@WorkspaceData() controllers) and public routes only:
 * users, tokens, memberships and the account stay for people signed in (docs/api.md).
 */
@Injectable()
export class ApiTokenScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<Request>().apiToken) return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(WORKSPACE_DATA, targets) || this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets))
      return true;
    throw new ForbiddenException(ApiTokenMessages.notForTokens);
  }
}
