import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Envelope } from '@inventory/contracts';
import { Observable } from 'rxjs';
import { isUsableRequestId, runWithRequestId } from './request-id.js';

/**
 * Runs each handler under its request's id (request-id.ts): a service's from the envelope the
 * gateway sent, the gateway's from what its first middleware gave the request (`res.locals`).
 * Set here rather than in that middleware because the session and body middleware resume in
 * their sockets' callbacks, where the id would be lost.
 */
@Injectable()
export class RequestIdInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const requestId =
      context.getType() === 'rpc'
        ? context.switchToRpc().getData<Envelope<unknown> | undefined>()?.meta?.requestId
        : context.switchToHttp().getResponse<{ locals?: { requestId?: string } }>().locals?.requestId;
    if (!isUsableRequestId(requestId)) return next.handle();
    return new Observable((subscriber) => runWithRequestId(requestId, () => next.handle().subscribe(subscriber)));
  }
}
