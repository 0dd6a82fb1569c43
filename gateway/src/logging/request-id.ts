import { requestIdOf } from '@inventory/platform';
import type { RequestHandler } from 'express';

/**
 * Gives every request its id (docs/operations.md, "Logs"): the caller's X-Request-Id when it is
 * short and plain (a load balancer's or a client's), else a new one; answered in X-Request-Id and
 * on the error filter's lines (docs/operations.md, "Logs").
 */
export const assignRequestId: RequestHandler = (req, res, next) => {
  const requestId = requestIdOf(req.get('x-request-id'));
  res.locals.requestId = requestId;
  res.setHeader('X-Request-Id', requestId);
  next();
};
