import type { SessionData } from 'express-session';
import { SessionCache } from './session-cache.js';

const HOUR = 3_600_000;

function sessionOf(userId: string, expiresAt = Date.now() + HOUR): SessionData {
  return {
    userId,
    role: 'user',
    signedInAt: 1,
    lastSeenAt: 1,
    cookie: { expires: new Date(expiresAt), originalMaxAge: HOUR },
  } as SessionData;
}

function listeningCache(): SessionCache {
  const cache = new SessionCache();
  cache.setEnabled(true);
  return cache;
}

describe('the session cache', () => {
  it('answers a session it read, as a copy the request may change freely', () => {
    const cache = listeningCache();
    cache.fill('sid-1', sessionOf('u1'), cache.readStarted());
    const first = cache.get('sid-1')!;
    first.role = 'super_admin';
    expect(cache.get('sid-1')).toMatchObject({ userId: 'u1', role: 'user' });
  });

  it('does not keep what a read brought back if the session changed while it was under way', () => {
    const cache = listeningCache();
    const generation = cache.readStarted();
    cache.forget({ sessionDigests: [SessionCache.digestOf('sid-1')] });
    cache.fill('sid-1', sessionOf('u1'), generation);
    expect(cache.get('sid-1')).toBeUndefined();
  });

  it('forgets one session by the digest of its id, or every session of a user', () => {
    const cache = listeningCache();
    for (const [sid, userId] of [
      ['a1', 'alice'],
      ['a2', 'alice'],
      ['b1', 'bob'],
    ])
      cache.fill(sid, sessionOf(userId), cache.readStarted());
    cache.forget({ sessionDigests: [SessionCache.digestOf('b1')] });
    expect(cache.get('b1')).toBeUndefined();
    expect(cache.get('a1')).toBeDefined();
    cache.forget({ userId: 'alice' });
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
  });

  it('never answers a session past its own expiry', () => {
    const cache = listeningCache();
    const now = Date.now();
    cache.fill('sid-1', sessionOf('u1', now + 1000), cache.readStarted());
    expect(cache.get('sid-1', now)).toBeDefined();
    expect(cache.get('sid-1', now + 1000)).toBeUndefined();
  });

  it('holds nothing while changes from other instances may go unheard', () => {
    const cache = new SessionCache();
    cache.fill('sid-1', sessionOf('u1'), cache.readStarted());
    expect(cache.get('sid-1')).toBeUndefined();
    cache.setEnabled(true);
    cache.fill('sid-1', sessionOf('u1'), cache.readStarted());
    cache.setEnabled(false);
    cache.setEnabled(true);
    expect(cache.get('sid-1')).toBeUndefined();
  });
});
