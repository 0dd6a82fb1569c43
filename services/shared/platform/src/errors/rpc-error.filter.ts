import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import type { RpcErrorBody } from '@inventory/contracts';
import { throwError, type Observable } from 'rxjs';
import { isStatementTimeout, STATEMENT_TIMED_OUT } from '../database/caller-deadline.js';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../database/unavailable.js';
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
    if (isDatabaseUnavailable(exception)) {
      // One line, no stack: during an outage every request says the same.
      this.logger.warn(`database unavailable: ${describeError(exception).split('\n')[0]}`);
      return throwError(() => ({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE }) satisfies RpcErrorBody);
    }
    if (isStatementTimeout(exception)) {
      // The caller stopped waiting (withinCallerDeadline): one line, no statement.
      this.logger.warn('a read ran past its caller’s deadline and was stopped');
      return throwError(() => ({ code: 'TIMEOUT', message: STATEMENT_TIMED_OUT }) satisfies RpcErrorBody);
    }
    this.logger.error(describeError(exception));
    return throwError(() => ({ code: 'INTERNAL', message: 'Internal error' }) satisfies RpcErrorBody);
  }
}
