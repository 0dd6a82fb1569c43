import type { RequestHandler } from 'express';
import session, { type Store } from 'express-session';
import type { AuthSettings } from '../auth-settings.js';
import { isSessionFree } from './session-free-paths.js';
import './session-data.js';

export const SESSION_COOKIE = 'connect.sid';

/**
 * Write lastSeenAt back at most this often. The store does not "touch" on every request, so a
 * request costs one primary-key read; the idle timeout is exact to within this interval.
 */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** The express-session cookie: HttpOnly, SameSite=Lax, Secure whenever the request came over TLS. */
export function sessionHandlers(store: Store, settings: AuthSettings): RequestHandler[] {
  const load = session({
    store,
    name: SESSION_COOKIE,
    secret: settings.sessionSecret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: settings.idleTimeoutMs },
  });
  return [unlessSessionFree(load), unlessSessionFree(enforceTimeouts(settings))];
}

/** Ends sessions past the idle or absolute timeout; refreshes the idle deadline now and then. */
export function enforceTimeouts(settings: Pick<AuthSettings, 'idleTimeoutMs' | 'absoluteTimeoutMs'>, now = Date.now): RequestHandler {
  return (req, _res, next) => {
    const current = req.session;
    if (!current?.userId || current.signedInAt === undefined || current.lastSeenAt === undefined) return next();
    const time = now();
    const absoluteDeadline = current.signedInAt + settings.absoluteTimeoutMs;
    if (time >= absoluteDeadline || time - current.lastSeenAt >= settings.idleTimeoutMs) {
      // A fresh, empty session: the visitor is signed out but can start a new sign-in.
      return current.regenerate((error) => next(error));
    }
    if (time - current.lastSeenAt >= ACTIVITY_WRITE_INTERVAL_MS) {
      current.lastSeenAt = time;
      current.cookie.maxAge = Math.min(settings.idleTimeoutMs, absoluteDeadline - time);
    }
    next();
  };
}

/** Session-free routes, and requests that authenticated with an API token, load no session. */
const unlessSessionFree =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    isSessionFree(req) || req.apiToken ? next() : handler(req, res, next);
