import { jest } from '@jest/globals';
import type { Request, Response } from 'express';
import { enforceTimeouts } from './session.middleware.js';

const MINUTE = 60_000;
const settings = { idleTimeoutMs: 30 * MINUTE, absoluteTimeoutMs: 8 * 60 * MINUTE };

function signedIn(signedInAt: number, lastSeenAt: number) {
  const regenerate = jest.fn((done: (error?: unknown) => void) => done());
  const session = { userId: 'u1', role: 'user', signedInAt, lastSeenAt, cookie: { maxAge: settings.idleTimeoutMs }, regenerate };
  return { session, req: { session } as unknown as Request };
}

function run(req: Request, now: number) {
  const next = jest.fn();
  enforceTimeouts(settings, () => now)(req, {} as Response, next);
  return next;
}

describe('session timeouts', () => {
  it('keeps an active session without writing it on every request', () => {
    const { session, req } = signedIn(0, 0);
    expect(run(req, 30_000)).toHaveBeenCalledWith();
    expect(session.regenerate).not.toHaveBeenCalled();
    expect(session.lastSeenAt).toBe(0);
  });

  it('records activity at most once a minute, and the cookie then lasts the idle time again', () => {
    const { session, req } = signedIn(0, 0);
    run(req, 5 * MINUTE);
    expect(session.lastSeenAt).toBe(5 * MINUTE);
    expect(session.cookie.maxAge).toBe(settings.idleTimeoutMs);
  });

  it('ends a session idle for longer than the idle timeout', () => {
    const { session, req } = signedIn(0, 0);
    run(req, 30 * MINUTE);
    expect(session.regenerate).toHaveBeenCalled();
  });

  it('ends a session at the absolute timeout however active it is', () => {
    const { session, req } = signedIn(0, 8 * 60 * MINUTE - MINUTE);
    run(req, 8 * 60 * MINUTE);
    expect(session.regenerate).toHaveBeenCalled();
  });

  it('never lets the cookie outlive the absolute deadline', () => {
    const { session, req } = signedIn(0, 7 * 60 * MINUTE + 50 * MINUTE);
    run(req, 7 * 60 * MINUTE + 55 * MINUTE);
    expect(session.cookie.maxAge).toBe(5 * MINUTE);
  });

  it('leaves signed-out visitors alone', () => {
    const req = { session: { cookie: {} } } as unknown as Request;
    expect(run(req, 0)).toHaveBeenCalledWith();
  });
});
