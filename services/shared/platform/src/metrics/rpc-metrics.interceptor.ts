import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { tap, type Observable } from 'rxjs';
import { ServiceError } from '../errors/service-error.js';
import { rpcServerDuration } from './metrics.js';

/** Times every request a service answers on the bus (rpc_server_duration_seconds). */
@Injectable()
export class RpcMetricsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject();
    const end = rpcServerDuration.startTimer({ subject });
    return next.handle().pipe(
      tap({
        complete: () => end({ outcome: 'ok' }),
        error: (error: unknown) => end({ outcome: error instanceof ServiceError ? error.code : 'error' }),
      }),
    );
  }
}
