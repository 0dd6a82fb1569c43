import cookieParser from 'cookie-parser';
import { doubleCsrf } from 'csrf-csrf';
import { createHmac } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AuthSettings } from '../auth-settings.js';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'csrf-token';
/** Contains "CSRF": the web app refetches its token and retries once on this message. */
export const INVALID_CSRF_TOKEN = 'Invalid CSRF token';
export const CROSS_SITE_REFUSED = 'Cross-site request refused (CSRF)';

export interface CsrfProtection {
  /** A token for the header, with its signed twin in an HttpOnly cookie (double submit). */
  issue(req: Request, res: Response): string;
  /** Why a write must be refused, or undefined when it may pass. */
  refusal(req: Request, res: Response): string | undefined;
}

/**
 * Two checks on every cookie-authenticated write: the request must come from our own origin
 * (Origin / Sec-Fetch-Site, when the browser sends them), and it must carry the token that matches
 * the cookie and is bound to the session, so a token from before sign-in is dead after it.
 */
export function createCsrfProtection(settings: Pick<AuthSettings, 'sessionSecret' | 'publicUrl'>): CsrfProtection {
  const secret = createHmac('sha256', settings.sessionSecret).update('csrf-token').digest('hex');
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => (req.session?.userId ? req.sessionID : 'signed-out'),
    cookieName: CSRF_COOKIE,
    cookieOptions: { sameSite: 'strict', path: '/', httpOnly: true, secure: false },
    getCsrfTokenFromRequest: (req) => req.headers[CSRF_HEADER],
  });
  const publicOrigin = settings.publicUrl ? new URL(settings.publicUrl).origin : undefined;
  // The cookies are parsed here, where the token's twin is read, not for every request: no other
  // API call reads them (docs/architecture.md, "A request").
  const parseCookies = cookieParser();
  const withCookies = (req: Request, res: Response): Request => {
    parseCookies(req, res, () => undefined); // synchronous; it leaves cookies parsed before as they are
    return req;
  };

  const isCrossSite = (req: Request): boolean => {
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return true;
    const origin = req.get('origin');
    return origin !== undefined && origin !== `${req.protocol}://${req.host}` && origin !== publicOrigin;
  };

  return {
    issue: (req, res) => generateCsrfToken(withCookies(req, res), res, { cookieOptions: { secure: req.secure } }),
    refusal: (req, res) => {
      if (isCrossSite(req)) return CROSS_SITE_REFUSED;
      return validateRequest(withCookies(req, res)) ? undefined : INVALID_CSRF_TOKEN;
    },
  };
}
