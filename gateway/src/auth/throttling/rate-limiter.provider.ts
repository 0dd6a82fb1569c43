import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../connections/connections.module.js';
import { RedisRateLimiter } from './rate-limiter.js';

export const RATE_LIMITER = Symbol('RATE_LIMITER');

export const rateLimiterProvider: Provider = {
  provide: RATE_LIMITER,
  inject: [REDIS],
  useFactory: (redis: Redis) => new RedisRateLimiter(redis),
};
