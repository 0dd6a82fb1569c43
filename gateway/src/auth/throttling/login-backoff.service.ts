import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { REDIS } from '../../connections/connections.module.js';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';

const MAX_WAIT_MS = 15 * 60_000;
/** Failures are forgotten after an hour without another one. */
const FAILURE_MEMORY_MS = 60 * 60_000;

/**
 * Slows password guessing against one account: after maxFailures failed sign-ins for an email from
 * one client address, each further try from that address must wait (base, then doubling, at most
 * 15 minutes). Keyed by address and email, so a stranger's wrong passwords slow the stranger, never
 * the owner signing in from elsewhere; guessing from many addresses meets the per-address rate
 * limit on each (docs/security.md). Keyed by the email whether or not an account has it, so the
 * answer never tells which emails exist.
 */
@Injectable()
export class LoginBackoffService {
  private readonly logger = new Logger('LoginBackoff');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  /** Throws 429 while the email must wait. */
  async assertMayTry(email: string, clientIp: string): Promise<void> {
    const blockedUntil = Number(await this.safely(() => this.redis.hget(key(email, clientIp), 'blockedUntil')));
    const waitMs = blockedUntil - Date.now();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new HttpException(`Too many failed sign-in attempts. Try again in ${seconds} seconds.`, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async recordFailure(email: string, clientIp: string): Promise<void> {
    const { maxFailures, baseMs } = this.settings.loginBackoff;
    const failuresKey = key(email, clientIp);
    await this.safely(async () => {
      const failures = await this.redis.hincrby(failuresKey, 'count', 1);
      await this.redis.pexpire(failuresKey, FAILURE_MEMORY_MS);
      if (failures < maxFailures) return;
      const waitMs = Math.min(baseMs * 2 ** (failures - maxFailures), MAX_WAIT_MS);
      await this.redis.hset(failuresKey, 'blockedUntil', Date.now() + waitMs);
    });
  }

  async recordSuccess(email: string, clientIp: string): Promise<void> {
    await this.safely(() => this.redis.del(key(email, clientIp)));
  }

  /** Redis down: sign-in keeps working without the backoff (the per-IP limit is separate). */
  private async safely<T>(action: () => Promise<T>): Promise<T | undefined> {
    try {
      return await action();
    } catch (error) {
      this.logger.warn(`not enforced: ${(error as Error).message}`);
      return undefined;
    }
  }
}

const key = (email: string, clientIp: string) =>
  `login-failures:${createHash('sha256').update(`${clientIp}\n${email.trim().toLowerCase()}`).digest('hex')}`;
