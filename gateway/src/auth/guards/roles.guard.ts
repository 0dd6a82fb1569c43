import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@inventory/contracts';
import type { Request } from 'express';
import { actorOf, REQUIRED_ROLES } from '../auth.decorators.js';

/** Enforces @Roles(): runs after SessionAuthGuard, so the visitor is signed in here. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, [context.getHandler(), context.getClass()]);
    if (!roles) return true;
    const actor = actorOf(context.switchToHttp().getRequest<Request>());
    if (actor && roles.includes(actor.role)) return true;
    throw new ForbiddenException('Access denied');
  }
}
