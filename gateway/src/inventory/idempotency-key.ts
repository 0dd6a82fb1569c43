import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The optional Idempotency-Key header of a write: the same key (per user) gets the same answer and
 * records nothing twice.
 */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const key = context.switchToHttp().getRequest<Request>().header('idempotency-key');
  if (key !== undefined && !KEY_PATTERN.test(key))
    throw new BadRequestException('Idempotency-Key must be 1 to 255 visible ASCII characters');
  return key;
});
