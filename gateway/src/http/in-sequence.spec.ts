import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { inSequence } from './in-sequence.js';

/** Runs the handler on a request and resolves with what it passed on (undefined: went on without an error). */
const outcome = (handler: RequestHandler, req = {} as Request) =>
  new Promise<unknown>((resolve) => void handler(req, {} as Response, ((error?: unknown) => resolve(error)) as NextFunction));

describe('inSequence', () => {
  it('runs the handlers in order, then goes on', async () => {
    const seen: string[] = [];
    const step =
      (name: string): RequestHandler =>
      (_req, _res, next) => (seen.push(name), next());
    expect(await outcome(inSequence(step('a'), step('b'), step('c')))).toBeUndefined();
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('lets a handler answer and stop there', async () => {
    let later = false;
    const handler = inSequence(
      (_req, _res, next) => next(),
      () => undefined,
      () => (later = true),
    );
    const passedOn = await Promise.race([outcome(handler), new Promise((resolve) => setTimeout(() => resolve('stopped'), 20))]);
    expect([passedOn, later]).toEqual(['stopped', false]);
  });

  it('skips the rest on an error passed on, thrown or rejected, and passes it to the error handlers', async () => {
    const failure = new Error('bad body');
    const never: RequestHandler = () => {
      throw new Error('must not run');
    };
    expect(await outcome(inSequence((_req, _res, next) => next(failure), never))).toBe(failure);
    expect(
      await outcome(
        inSequence(() => {
          throw failure;
        }, never),
      ),
    ).toBe(failure);
    expect(await outcome(inSequence(async () => Promise.reject(failure), never))).toBe(failure);
  });
});
