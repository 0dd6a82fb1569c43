import type { RequestHandler } from 'express';

/**
 * Express handlers run one after another as one handler, so one router layer. The router matches
 * and allocates for every layer a request passes (a match result, its params, a callback): the
 * gateway's dozen middleware were a sixth of what it allocated per request (docs/architecture.md,
 * "A request"). As the router does, an error passed on, thrown or rejected skips the rest and goes
 * to the error handlers after this one.
 */
export function inSequence(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let index = 0;
    const next = (error?: unknown) => {
      const handler = handlers[index++];
      if (error !== undefined || !handler) return done(error);
      try {
        const result = handler(req, res, next) as unknown;
        if (result instanceof Promise) result.catch((rejected: unknown) => done(rejected ?? new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
