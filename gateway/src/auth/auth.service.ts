import { Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { IdentitySubjects, type Actor, type CurrentUser, type PublicConfig } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import type { Request, Response } from 'express';
import { AUTH_SETTINGS, type AuthSettings } from './auth-settings.js';
import type { AdminLoginDto, LoginDto, RegisterDto } from './auth.dto.js';
import { CSRF_PROTECTION } from './csrf/csrf.provider.js';
import type { CsrfProtection } from './csrf/csrf-protection.js';
import { IdentityClient } from '../nats/service-clients.js';
import { SessionsService } from './session/sessions.service.js';
import { LoginBackoffService } from './throttling/login-backoff.service.js';

const isCode = (error: unknown, code: ServiceError['code']) => error instanceof ServiceError && error.code === code;

/** Every way in and out of a session, plus what the login page needs to know. */
@Injectable()
export class AuthService {
  constructor(
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
    private readonly backoff: LoginBackoffService,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(CSRF_PROTECTION) private readonly csrf: CsrfProtection,
  ) {}

  /** The account as it is now; a session whose account is gone is ended. */
  async currentUser(actor: Actor, req: Request): Promise<CurrentUser> {
    try {
      const user = await this.identity.call(IdentitySubjects.getProfile, undefined, actor);
      // No longer a member of the session's workspace (or a session from before workspaces): the
      // session follows the workspace identity answered with.
      if (user.workspace.id !== req.session.workspaceId || user.workspace.role !== req.session.workspaceRole)
        await this.sessions.enterWorkspace(req, user.workspace);
      return user;
    } catch (error) {
      if (!isCode(error, 'NOT_FOUND')) throw error;
      await this.sessions.end(req);
      throw new UnauthorizedException('Unauthorized');
    }
  }

  async login(dto: LoginDto, req: Request): Promise<CurrentUser> {
    const clientIp = req.ip ?? 'unknown';
    await this.backoff.assertMayTry(dto.email, clientIp);
    let user: CurrentUser;
    try {
      user = await this.identity.call(IdentitySubjects.signInWithPassword, dto);
    } catch (error) {
      if (isCode(error, 'UNAUTHORIZED')) await this.backoff.recordFailure(dto.email, clientIp);
      throw error;
    }
    await this.backoff.recordSuccess(dto.email, clientIp);
    return this.signIn(req, user);
  }

  async register(dto: RegisterDto, req: Request): Promise<CurrentUser> {
    return this.signIn(req, await this.identity.call(IdentitySubjects.register, dto));
  }

  async superAdminLogin(dto: AdminLoginDto, req: Request): Promise<CurrentUser> {
    if (!this.settings.superAdminShortcutEnabled) throw new NotFoundException('Super admin sign-in is not available');
    return this.signIn(req, await this.identity.call(IdentitySubjects.signInSuperAdmin, dto));
  }

  async demoLogin(req: Request): Promise<CurrentUser> {
    if (!this.settings.demoLoginEnabled) throw new NotFoundException('Demo login is not available');
    return this.signIn(req, await this.identity.call(IdentitySubjects.signInDemo, undefined));
  }

  csrfToken(req: Request, res: Response): { token: string } {
    res.setHeader('Cache-Control', 'no-store');
    return { token: this.csrf.issue(req, res) };
  }

  logout(req: Request, res: Response): Promise<void> {
    return this.sessions.signOut(req, res);
  }

  /** Ends every session of the user, this one included. */
  async logoutEverywhere(actor: Actor, req: Request, res: Response): Promise<void> {
    await this.sessions.endAllOf(actor.userId);
    await this.sessions.signOut(req, res);
  }

  publicConfig(): PublicConfig {
    const { demoLoginEnabled, superAdminShortcutEnabled, superAdminEmail, google, oidc } = this.settings;
    return {
      demoLoginEnabled,
      superAdminShortcutEnabled,
      ...(superAdminShortcutEnabled ? { superAdminEmail } : {}),
      googleEnabled: google !== undefined,
      oidcEnabled: oidc !== undefined,
    };
  }

  private async signIn(req: Request, user: CurrentUser): Promise<CurrentUser> {
    await this.sessions.signIn(req, user);
    return user;
  }
}
