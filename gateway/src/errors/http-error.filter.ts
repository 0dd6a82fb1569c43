import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DATABASE_UNAVAILABLE, describeError, isDatabaseUnavailable, ServiceError, withRequestIdNow } from '@inventory/platform';
import type { Response } from 'express';

/**
 * The one place errors become HTTP answers: status from the error, body `{ "message" }`.
 * A database that cannot be reached (the session store's) is a 503; anything else unexpected is
 * logged and answered with a generic 500 so internals never leak.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    // The gateway's handlers run under no request id (docs/operations.md, "Logs"): its line gets it here.
    const requestId = (response.locals as { requestId?: string }).requestId;
    const { status, message } = withRequestIdNow(requestId, () => this.toAnswer(exception));
    response.status(status).json({ message });
  }

  private toAnswer(exception: unknown): { status: number; message: string } {
    if (exception instanceof ServiceError) return { status: exception.status, message: exception.message };
    if (exception instanceof HttpException) return { status: exception.getStatus(), message: httpMessage(exception) };
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`database unavailable: ${describeError(exception).split('\n')[0]}`);
      return { status: 503, message: DATABASE_UNAVAILABLE };
    }
    this.logger.error(describeError(exception));
    return { status: 500, message: 'Internal server error' };
  }
}

function httpMessage(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return String(message[0]);
  return typeof message === 'string' ? message : exception.message;
}
