import { createHash } from 'node:crypto';
import type { SessionData } from 'express-session';
import { LRUCache } from 'lru-cache';

/** Which sessions changed: some by their id's digest, or every session of a user. */
export interface SessionChange {
  sessionDigests?: string[];
  userId?: string;
}

/**
 * The safety net if a change notice is lost: a cached session is read again after this long. Any
 * change made through a gateway drops the session from every gateway's cache at once.
 */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_CACHED_SESSIONS = 10_000;

interface CachedSession {
  json: string;
  userId?: string;
  /** Epoch ms when the session itself expires (its cookie's expiry, as in the table's column). */
  expiresAt: number;
}

/**
 * Sessions read in the last few seconds, so that most API requests skip the session query. Keys are
 * digests of the session ids, which are also what change notices carry: ids never travel on NATS.
 *
 * A read that was under way while a change happened must not put the old session back: every
 * change bumps a generation, and a read fills the cache only if the generation it started under
 * is still current. While changes from other gateways may go unheard (NATS unreachable), the
 * cache is switched off.
 */
export class SessionCache {
  private readonly sessions = new LRUCache<string, CachedSession>({ max: MAX_CACHED_SESSIONS, ttl: SESSION_CACHE_TTL_MS });
  private generation = 0;
  private isEnabled = false;

  static digestOf(sid: string): string {
    return createHash('sha256').update(sid).digest('base64url');
  }

  /** A fresh copy (the request may change it), or undefined if not cached or expired. */
  get(sid: string, now = Date.now()): SessionData | undefined {
    if (!this.isEnabled) return undefined;
    const cached = this.sessions.get(SessionCache.digestOf(sid));
    return cached && cached.expiresAt > now ? (JSON.parse(cached.json) as SessionData) : undefined;
  }

  /** Taken before reading the table; hand it back to fill(). */
  readStarted(): number {
    return this.generation;
  }

  fill(sid: string, session: SessionData, readGeneration: number): void {
    if (!this.isEnabled || readGeneration !== this.generation) return;
    const expires = session.cookie?.expires;
    this.sessions.set(SessionCache.digestOf(sid), {
      json: JSON.stringify(session),
      userId: session.userId,
      expiresAt: expires ? new Date(expires).getTime() : Number.POSITIVE_INFINITY,
    });
  }

  forget(change: SessionChange): void {
    this.generation += 1;
    for (const digest of change.sessionDigests ?? []) this.sessions.delete(digest);
    if (change.userId === undefined) return;
    const ofUser = [...this.sessions.entries()].filter(([, cached]) => cached.userId === change.userId);
    for (const [digest] of ofUser) this.sessions.delete(digest);
  }

  get enabled(): boolean {
    return this.isEnabled;
  }

  /** On while change notices are heard; off (and emptied) while they may be missed. */
  setEnabled(enabled: boolean): void {
    this.generation += 1;
    this.isEnabled = enabled;
    if (!enabled) this.sessions.clear();
  }
}
