import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { ApiTokenMessages, ApiTokenSubjects, ERROR_STATUS, type Actor } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { ReadsUnderWay } from '../reads-under-way.js';
import { IdentityClient } from '../../nats/service-clients.js';
import { SessionChangeFeed } from '../session/session-change-feed.js';
import { RATE_LIMITER } from '../throttling/rate-limiter.provider.js';
import type { RedisRateLimiter } from '../throttling/rate-limiter.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set when the request authenticated with `Authorization: Bearer <API token>` (no session then). */
    apiToken?: { id: string; actor: Actor };
  }
}

/** How long a gateway trusts a token it checked; a revocation or membership change drops it at once. */
const TOKEN_CACHE_TTL_MS = 10_000;
const BEARER = /^Bearer\s+(\S+)$/i;

interface CheckedToken {
  id: string;
  actor: Actor;
  /** Epoch ms the token itself expires (Infinity: never). */
  expiresAt: number;
}

/**
 * `Authorization: Bearer <token>`: identity says whom the token acts as (the lower of the token's
 * role and its user's role in the workspace now); the answer is kept a few seconds, and dropped on
 * every gateway as soon as the user's tokens or memberships change (the session change feed carries
 * it). Each token is rate limited across gateways (docs/api.md).
 */
@Injectable()
export class ApiTokenAuthenticator {
  private readonly cache = new LRUCache<string, CheckedToken>({ max: 10_000, ttl: TOKEN_CACHE_TTL_MS });
  private readonly checks = new ReadsUnderWay<string, CheckedToken>();

  constructor(
    private readonly identity: IdentityClient,
    private readonly changes: SessionChangeFeed,
    @Inject(RATE_LIMITER) private readonly limiter: RedisRateLimiter,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {
    changes.usersChanged.subscribe(({ userId }) => {
      if (!userId) return;
      for (const [key, checked] of [...this.cache.entries()]) if (checked.actor.userId === userId) this.cache.delete(key);
    });
  }

  /** Express middleware: runs before the session is loaded, which a token request does not need. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const header = req.get('authorization');
    if (!header) return next();
    this.authenticate(header, res).then(
      (checked) => {
        req.apiToken = { id: checked.id, actor: checked.actor };
        next();
      },
      (error: unknown) => {
        // Answered here: this runs before Nest's routing (and its exception filters).
        if (error instanceof HttpException) return void res.status(error.getStatus()).json({ message: error.message });
        if (error instanceof ServiceError) return void res.status(ERROR_STATUS[error.code]).json({ message: error.message });
        next(error);
      },
    );
  };

  private async authenticate(header: string, res: Response): Promise<CheckedToken> {
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new UnauthorizedException(ApiTokenMessages.invalid);
    const checked = await this.check(token);
    const { limit, windowMs } = this.settings.tokenRateLimit;
    const verdict = await this.limiter.hit(`api-token:${checked.id}`, limit, windowMs);
    if (!verdict.allowed) {
      res.setHeader('Retry-After', verdict.retryAfterSeconds);
      throw new HttpException('Too many requests for this API token. Please try again later.', HttpStatus.TOO_MANY_REQUESTS);
    }
    return checked;
  }

  /**
   * Requests with one token that miss the cache together share one check (ReadsUnderWay), and a
   * check begun before a change notice (the session cache's generation) is not kept: a revocation
   * heard while identity was answering holds from the next request on.
   */
  private check(token: string): Promise<CheckedToken> {
    const key = createHash('sha256').update(token).digest('base64url');
    const { cache: sessions } = this.changes;
    const cached = sessions.enabled ? this.cache.get(key) : undefined;
    if (cached && cached.expiresAt > Date.now()) return Promise.resolve(cached);
    const generation = sessions.readStarted();
    const ask = async () => {
      const checked = await this.ask(token);
      if (sessions.enabled && sessions.readStarted() === generation) this.cache.set(key, checked);
      return checked;
    };
    return sessions.enabled ? this.checks.join(key, generation, ask) : ask();
  }

  private async ask(token: string): Promise<CheckedToken> {
    try {
      const answer = await this.identity.call(ApiTokenSubjects.authenticate, { token });
      return { id: answer.tokenId, actor: answer.actor, expiresAt: answer.expiresAt ? Date.parse(answer.expiresAt) : Infinity };
    } catch (error) {
      if (error instanceof ServiceError && (error.code === 'UNAUTHORIZED' || error.code === 'VALIDATION'))
        throw new UnauthorizedException(ApiTokenMessages.invalid);
      throw error;
    }
  }
}
