import { HttpException, HttpStatus, Inject, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { RATE_LIMITER } from './rate-limiter.provider.js';
import type { RedisRateLimiter } from './rate-limiter.js';

/**
 * AUTH_RATE_LIMIT requests per client IP and route within AUTH_RATE_WINDOW_SECONDS, then 429 with
 * Retry-After. The IP honours TRUST_PROXY, so behind a proxy it is the client's.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RedisRateLimiter,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const route = `${context.getClass().name}.${context.getHandler().name}`;
    const { limit, windowMs } = this.settings.rateLimit;
    const verdict = await this.limiter.hit(`${route}:${req.ip}`, limit, windowMs);
    if (verdict.allowed) return true;
    http.getResponse<Response>().setHeader('Retry-After', verdict.retryAfterSeconds);
    throw new HttpException('Too many attempts. Please try again later.', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Rate-limits sign-in, registration and the shortcuts per client IP. */
export const RateLimited = () => UseGuards(RateLimitGuard);
