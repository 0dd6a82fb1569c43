import { Inject, Injectable } from '@nestjs/common';
import { displayNameOf, type CurrentUser, type CurrentWorkspace, type MembershipChange, type Role } from '@inventory/contracts';
import type { Request, Response } from 'express';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { PgSessionStore, SESSION_STORE } from './session-store.provider.js';
import { SESSION_COOKIE } from './session.middleware.js';

/** Starting and ending sessions, one request's or every one of a user. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(SESSION_STORE) private readonly store: PgSessionStore,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  /** A new session id at every sign-in, so an id planted before sign-in is worthless afterwards. */
  async signIn(req: Request, user: CurrentUser): Promise<void> {
    await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
    const now = Date.now();
    Object.assign(req.session, {
      userId: user.id,
      role: user.role,
      workspaceId: user.workspace.id,
      workspaceRole: user.workspace.role,
      userName: displayNameOf(user),
      signedInAt: now,
      lastSeenAt: now,
    });
    req.session.cookie.maxAge = this.settings.idleTimeoutMs;
    // Stored before the answer goes out: express-session would otherwise send the headers (cookie,
    // redirect) while still writing the row, and an eager next request could find no session.
    await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
  }

  /** This session now works in `workspace` (a switch, an accepted invitation, a membership that changed). */
  async enterWorkspace(req: Request, workspace: CurrentWorkspace): Promise<void> {
    Object.assign(req.session, { workspaceId: workspace.id, workspaceRole: workspace.role });
    await this.save(req);
    // Announced for the user too: their open alert streams follow them to the new workspace.
    if (req.session.userId) await this.store.announceUserChange(req.session.userId);
  }

  /** The name recorded with the user's actions follows a profile change at once. */
  async rename(req: Request, user: CurrentUser | Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): Promise<void> {
    req.session.userName = displayNameOf(user);
    await this.save(req);
  }

  /** Notification preferences changed: the user's open alert streams, on every gateway, restart with them. */
  preferencesChanged(userId: string): Promise<void> {
    return this.store.announceUserChange(userId);
  }

  /** A revoked token is refused at once on every gateway: their cached token checks are dropped. */
  forgetTokensOf(userId: string): Promise<void> {
    return this.store.announceUserChange(userId);
  }

  /** Every open session of the members a change touches, on every gateway, before the answer goes out. */
  async applyMembershipChanges(changes: readonly MembershipChange[]): Promise<void> {
    for (const change of changes) await this.store.applyMembershipChange(change);
  }

  private save(req: Request): Promise<void> {
    return new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
  }

  /** Deletes this request's session. */
  async end(req: Request): Promise<void> {
    if (req.session) await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
  }

  async signOut(req: Request, res: Response): Promise<void> {
    await this.end(req);
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
  }

  /** "Logout from all devices", and a deleted user's sessions. */
  async endAllOf(userId: string): Promise<void> {
    await this.store.destroyAllOf(userId);
  }

  /** A role change takes effect on the user's open sessions at once. */
  async changeRole(userId: string, role: Role): Promise<void> {
    await this.store.setRoleOf(userId, role);
  }
}
