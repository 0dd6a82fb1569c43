import { ValidationPipe, type ValidationError } from '@nestjs/common';
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

/** Same rules as the gateway's pipe; rejects with a VALIDATION ServiceError (400 at the edge). */
export function createValidationPipe(
  toError: (message: string) => Error = (m) => new ServiceError('VALIDATION', m),
): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => toError(firstValidationMessage(errors)),
  });
}
