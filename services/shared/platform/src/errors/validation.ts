import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { unsafeInputReason } from '../validation/safe-input.js';
import { ServiceError } from './service-error.js';

/** The first constraint message of the first invalid field, nested fields included. */
export function firstValidationMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const own = Object.values(error.constraints ?? {})[0];
    if (own) return own;
    const nested = firstValidationMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'Invalid request';
}

/**
 * Nest's ValidationPipe behind the bad-bytes rule: every argument (body, query, path parameter,
 * NATS payload) is refused for control characters, broken Unicode or absurd nesting before
 * class-transformer walks it (a deep value would overflow its recursion).
 */
class SafeValidationPipe extends ValidationPipe {
  constructor(
    private readonly toError: (message: string) => Error,
    options: ConstructorParameters<typeof ValidationPipe>[0],
  ) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const reason = unsafeInputReason(value, metadata.data ?? (metadata.type === 'query' ? 'Query' : 'Input'));
    if (reason) throw this.toError(reason);
    return super.transform(value, metadata);
  }
}

/** Same rules as the gateway's pipe; rejects with a VALIDATION ServiceError (400 at the edge). */
export function createValidationPipe(toError: (message: string) => Error = (m) => new ServiceError('VALIDATION', m)): ValidationPipe {
  return new SafeValidationPipe(toError, {
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => toError(firstValidationMessage(errors)),
  });
}
