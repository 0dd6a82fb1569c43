import type { ArgumentsHost } from '@nestjs/common';
import { lastValueFrom } from 'rxjs';
import { STATEMENT_TIMED_OUT } from '../database/caller-deadline.js';
import { RpcErrorFilter } from './rpc-error.filter.js';

const answerTo = (exception: unknown) =>
  lastValueFrom(new RpcErrorFilter().catch(exception, {} as ArgumentsHost)).catch((body: unknown) => body);

describe('RpcErrorFilter', () => {
  it('answers a statement stopped at its caller’s deadline as a timeout with advice, not as an internal error', async () => {
    // As MikroORM wraps the driver's error: the SQLSTATE on the error or its cause.
    const stopped = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(await answerTo(stopped)).toEqual({ code: 'TIMEOUT', message: STATEMENT_TIMED_OUT });
    expect(await answerTo(new Error('wrapped', { cause: stopped }))).toEqual({ code: 'TIMEOUT', message: STATEMENT_TIMED_OUT });
    expect(await answerTo(Object.assign(new Error('duplicate key'), { code: '23505' }))).toEqual({
      code: 'INTERNAL',
      message: 'Internal error',
    });
  });
});
