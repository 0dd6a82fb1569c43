import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Observable } from 'rxjs';

/**
 * Runs each handler in a fresh MikroORM context, so requests never share an identity map. The
 * handler's answer passes through as it is, a streamed one (see inChunks) included.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Subscribing inside the context runs the handler, and all it awaits, in that context.
    return new Observable((subscriber) => RequestContext.create(this.orm.em, () => next.handle().subscribe(subscriber)));
  }
}
