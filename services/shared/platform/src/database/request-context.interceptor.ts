import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { from, lastValueFrom, type Observable } from 'rxjs';

/** Runs each handler in a fresh MikroORM context, so requests never share an identity map. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(RequestContext.create(this.orm.em, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
