import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

/** One round trip: count the hit in a fixed window that starts with the first hit. */
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {hits, redis.call('PTTL', KEYS[1])}`;

export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in Redis, shared by every gateway instance. When Redis is unreachable the
 * limit is not enforced (logged): sign-in stays available, and the per-account backoff still holds.
 */
export class RedisRateLimiter {
  private readonly logger = new Logger('RateLimit');

  constructor(private readonly redis: Redis) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitVerdict> {
    try {
      const [hits, ttlMs] = (await this.redis.eval(HIT, 1, `rate-limit:${key}`, windowMs)) as [number, number];
      return { allowed: hits <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
    } catch (error) {
      this.logger.warn(`not enforced: ${(error as Error).message}`);
      return { allowed: true, retryAfterSeconds: 0 };
    }
  }
}
