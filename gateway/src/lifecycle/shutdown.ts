import {
  applyDecorators,
  Global,
  Injectable,
  Logger,
  Module,
  Sse,
  UseInterceptors,
  type BeforeApplicationShutdown,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { stopTrackingRequestIds } from '@inventory/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { EMPTY, Subject, takeUntil, type Observable } from 'rxjs';
import { getEnv } from '../config/env.js';

/**
 * A gateway's graceful stop (docs/operations.md, "Stopping"). On SIGTERM, before the HTTP server
 * closes: GET /api/health/ready answers 503 and the gateway keeps serving for SHUTDOWN_DRAIN_MS,
 * time for its load balancer's next check to take it out; then every live stream (server-sent
 * events) ends cleanly, the browser reconnecting elsewhere. Only then does Nest close the server,
 * which stops accepting and waits for the requests in flight, none of which is a stream any more.
 */
@Injectable()
export class Shutdown implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private readonly drainMs = getEnv().SHUTDOWN_DRAIN_MS;
  private readonly streamsEnd = new Subject<void>();
  /** Not ready any more: stopping. */
  draining = false;
  private streamsEnded = false;

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.draining = true;
    if (this.drainMs > 0) {
      this.logger.log(`${signal ?? 'closing'}: not ready; serving ${this.drainMs} ms more`);
      await sleep(this.drainMs);
    }
    this.streamsEnded = true;
    this.streamsEnd.next();
    this.streamsEnd.complete();
  }

  onApplicationShutdown(): void {
    stopTrackingRequestIds();
  }

  /** A live stream that ends when the gateway stops (at once, if it already has). */
  endingWithProcess<T>(stream: Observable<T>): Observable<T> {
    return this.streamsEnded ? EMPTY : stream.pipe(takeUntil(this.streamsEnd));
  }
}

/** Ends a server-sent-events route's stream when the gateway stops (Shutdown.endingWithProcess). */
@Injectable()
class StreamsEndOnShutdown implements NestInterceptor {
  constructor(private readonly shutdown: Shutdown) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return this.shutdown.endingWithProcess(next.handle());
  }
}

/**
 * A server-sent-events route (Nest's @Sse) whose stream ends when the gateway stops: the one way to
 * declare one (shutdown.spec.ts holds every route to it). Not a global interceptor: any interceptor
 * on a route runs its every request through an observable pipeline (defer, mergeAll, lastValueFrom
 * and an AsyncResource), a tenth of what the gateway allocated per request (docs/architecture.md, "A request").
 */
export const LiveStream = (path: string) => applyDecorators(Sse(path), UseInterceptors(StreamsEndOnShutdown));

/**
 * The gateway's graceful stop. Its handlers do not run under their request's id (RequestIdInterceptor):
 * that AsyncLocalStorage made every request 40% dearer (docs/operations.md, "Logs").
 */
@Global()
@Module({
  providers: [Shutdown],
  exports: [Shutdown],
})
export class LifecycleModule {}
