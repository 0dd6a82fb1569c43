import type { ExternalSignInRequest } from '@inventory/contracts';
import type { Request, Response } from 'express';
import type passport from 'passport';

type Authenticator = InstanceType<typeof passport.Passport>;

export type StrategyOutcome =
  { kind: 'redirected' } | { kind: 'authenticated'; profile: ExternalSignInRequest } | { kind: 'failed'; reason: string };

/**
 * Runs a passport strategy without passport's own sessions. The first leg ends when the strategy
 * has sent its redirect to the provider; the callback leg ends with the verified profile or a failure.
 */
export function runStrategy(passport: Authenticator, name: string, options: object, req: Request, res: Response): Promise<StrategyOutcome> {
  return new Promise((resolve, reject) => {
    // The strategy answered the browser itself ('close' also covers a client that went away).
    const redirected = () => resolve({ kind: 'redirected' });
    res.once('close', redirected);
    const settle = (outcome: StrategyOutcome) => {
      res.off('close', redirected);
      resolve(outcome);
    };
    const verified = (error: unknown, profile: ExternalSignInRequest | false, info?: { message?: string }) => {
      if (error) return settle({ kind: 'failed', reason: describe(error) });
      if (!profile) return settle({ kind: 'failed', reason: info?.message ?? 'not authenticated' });
      settle({ kind: 'authenticated', profile });
    };
    const authenticate = passport.authenticate(name, { ...options, session: false }, verified);
    authenticate(req, res, (error?: unknown) => {
      res.off('close', redirected);
      reject(error);
    });
  });
}

/** openid-client wraps the precise reason (e.g. a state mismatch) in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
