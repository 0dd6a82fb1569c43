import type { Actor } from '@inventory/contracts';
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

/**
 * The actor handed to the service clients carries its request's id under this symbol: JSON leaves
 * symbol keys out, so the envelope's actor is sent as before, and each call made for the request
 * names it in the envelope's meta (service-clients.ts) without a per-request context store, which
 * cost the gateway 40% of its throughput (docs/operations.md, "Logs").
 */
export const REQUEST_ID = Symbol('requestId');

export type ActorOfRequest = Actor & { [REQUEST_ID]?: string };

export const withRequestId = (actor: Actor, requestId: string | undefined): ActorOfRequest => ({ ...actor, [REQUEST_ID]: requestId });
