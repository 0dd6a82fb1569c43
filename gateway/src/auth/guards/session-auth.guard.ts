import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { actorOf, IS_PUBLIC } from '../auth.decorators.js';
import { isSessionFree } from '../session/session-free-paths.js';

/** Every route needs a signed-in session unless it is @Public() or session-free. */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic || isSessionFree(req) || actorOf(req)) return true;
    throw new UnauthorizedException('Unauthorized');
  }
}
