import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import type { RpcErrorBody } from '@inventory/contracts';
import { throwError, type Observable } from 'rxjs';
import { describeError } from '../logging/redact.js';
import { ServiceError } from './service-error.js';

/**
 * Turns anything a message handler throws into `{ code, message }` for the caller. Unexpected errors
 * are logged here (SQL values and secrets redacted) and answered with a generic message so internals never leak to the browser.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<RpcErrorBody> {
    if (exception instanceof ServiceError) return throwError(() => exception.toBody());
    this.logger.error(describeError(exception));
    return throwError(() => ({ code: 'INTERNAL', message: 'Internal error' }) satisfies RpcErrorBody);
  }
}
