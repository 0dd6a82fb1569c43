import {
  Global,
  Inject,
  Module,
  RequestMethod,
  type MiddlewareConsumer,
  type NestModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { inSequence } from '../http/in-sequence.js';
import { AUTH_SETTINGS, authSettings, type AuthSettings } from './auth-settings.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { csrfProvider } from './csrf/csrf.provider.js';
import { ExternalAuthController } from './external/external-auth.controller.js';
import { ExternalAuthService } from './external/external-auth.service.js';
import { CsrfGuard } from './guards/csrf.guard.js';
import { RolesGuard } from './guards/roles.guard.js';
import { SessionAuthGuard } from './guards/session-auth.guard.js';
import { PublicConfigController } from './public-config.controller.js';
import { SessionChangeFeed } from './session/session-change-feed.js';
import { PgSessionStore, SESSION_STORE, sessionStoreProvider } from './session/session-store.provider.js';
import { sessionHandlers } from './session/session.middleware.js';
import { SessionsService } from './session/sessions.service.js';
import { ApiTokenAuthenticator } from './api-tokens/api-token-authenticator.js';
import { ApiTokenScopeGuard } from './guards/api-token-scope.guard.js';
import { WorkspaceWriteGuard } from './guards/workspace-write.guard.js';
import { LoginBackoffService } from './throttling/login-backoff.service.js';
import { RateLimitGuard } from './throttling/rate-limit.guard.js';
import { rateLimiterProvider } from './throttling/rate-limiter.provider.js';

/**
 * Sessions, CSRF protection and sign-in for the whole gateway. Global guards, in this order: CSRF on
 * writes, a signed-in session unless @Public(), then @Roles().
 */
@Global()
@Module({
  controllers: [AuthController, PublicConfigController, ExternalAuthController],
  providers: [
    { provide: AUTH_SETTINGS, useFactory: () => authSettings() },
    SessionChangeFeed,
    sessionStoreProvider,
    csrfProvider,
    SessionsService,
    ApiTokenAuthenticator,
    rateLimiterProvider,
    RateLimitGuard,
    LoginBackoffService,
    AuthService,
    ExternalAuthService,
    { provide: APP_GUARD, useClass: CsrfGuard },
    { provide: APP_GUARD, useClass: SessionAuthGuard },
    { provide: APP_GUARD, useClass: ApiTokenScopeGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: WorkspaceWriteGuard },
  ],
  exports: [AUTH_SETTINGS, SessionsService, SessionChangeFeed],
})
export class AuthModule implements NestModule, OnApplicationShutdown {
  constructor(
    @Inject(SESSION_STORE) private readonly store: PgSessionStore,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    private readonly tokens: ApiTokenAuthenticator,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      // One middleware, so one router layer per request (inSequence).
      .apply(inSequence(this.tokens.middleware, ...sessionHandlers(this.store, this.settings)))
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
