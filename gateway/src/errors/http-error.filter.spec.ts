import { jest } from '@jest/globals';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { RedactingLogger } from '@inventory/platform';
import { HttpErrorFilter } from './http-error.filter.js';

/** What the filter answers, and the log lines it writes, for one error of a request with an id. */
function answer(exception: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const response = {
    headersSent: false,
    locals: { requestId: 'req-42' },
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  const lines: string[] = [];
  Logger.overrideLogger(new RedactingLogger({ json: true, destination: { write: (line) => lines.push(line) } }));
  try {
    new HttpErrorFilter().catch(exception, host);
  } finally {
    Logger.overrideLogger(new RedactingLogger({ logLevels: [] }));
  }
  return { ...sent, lines: lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('HttpErrorFilter', () => {
  it('answers an HTTP error with its status and { message }', () => {
    expect(answer(new NotFoundException('Item not found'))).toMatchObject({ status: 404, body: { message: 'Item not found' }, lines: [] });
  });

  it('answers an unexpected error with a bare 500 and logs it with the request id', () => {
    const { status, body, lines } = answer(new Error('boom'));
    expect({ status, body }).toEqual({ status: 500, body: { message: 'Internal server error' } });
    expect(lines).toEqual([expect.objectContaining({ level: 'error', requestId: 'req-42' })]);
  });

  // One AsyncLocalStorage run switches Node 20's promise hooks on for good: every later promise of
  // every request would cost about twice as much (docs/operations.md, "Logs").
  it('runs nothing under AsyncLocalStorage', () => {
    const run = jest.spyOn(AsyncLocalStorage.prototype, 'run');
    try {
      answer(new Error('boom'));
      answer(new NotFoundException('Item not found'));
      expect(run).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
    }
  });
});
