import { ForbiddenException, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { WITHOUT_COOKIE } from '../auth.decorators.js';
import { CSRF_PROTECTION } from '../csrf/csrf.provider.js';
import type { CsrfProtection } from '../csrf/csrf-protection.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Runs first on every route: a write without our origin and token is refused before anything else. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    @Inject(CSRF_PROTECTION) private readonly csrf: CsrfProtection,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    // A request that authenticated with an API token carries no cookie for a forger to ride on.
    if (SAFE_METHODS.has(req.method) || req.apiToken) return true;
    if (this.reflector.getAllAndOverride<boolean>(WITHOUT_COOKIE, [context.getHandler(), context.getClass()])) return true;
    const refusal = this.csrf.refusal(req, http.getResponse<Response>());
    if (refusal) throw new ForbiddenException(refusal);
    return true;
  }
}
