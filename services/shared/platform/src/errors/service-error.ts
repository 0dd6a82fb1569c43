import { ERROR_STATUS, type ErrorCode, type RpcErrorBody } from '@inventory/contracts';

/** An expected failure with a human message; travels over NATS as `{ code, message }`. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): RpcErrorBody {
    return { code: this.code, message: this.message };
  }
}

export const notFound = (what: string) => new ServiceError('NOT_FOUND', `${what} not found`);
export const invalid = (message: string) => new ServiceError('VALIDATION', message);
export const conflict = (message: string) => new ServiceError('CONFLICT', message);
