import { Body, Controller, Get, Header, HttpCode, Post, Redirect, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Actor, CurrentUser } from '@inventory/contracts';
import type { Request, Response } from 'express';
import { CurrentActor, Public } from './auth.decorators.js';
import { AdminLoginDto, CsrfTokenDto, LoginDto, CurrentUserDto, RegisterDto } from './auth.dto.js';
import { AuthService } from './auth.service.js';
import { RateLimited } from './throttling/rate-limit.guard.js';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Get('auth/user')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: CurrentUserDto })
  @ApiUnauthorizedResponse({ description: 'Signed out' })
  user(@CurrentActor() actor: Actor, @Req() req: Request): Promise<CurrentUser> {
    return this.auth.currentUser(actor, req);
  }

  @Public()
  @Get('auth/csrf')
  @ApiOperation({ summary: 'CSRF token for the x-csrf-token header of non-GET requests; renew after sign-in or sign-out' })
  @ApiOkResponse({ type: CsrfTokenDto })
  csrf(@Req() req: Request, @Res({ passthrough: true }) res: Response): { token: string } {
    return this.auth.csrfToken(req, res);
  }

  @Public()
  @RateLimited()
  @Post('auth/login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiOkResponse({ type: CurrentUserDto })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password (the same for an unknown email)' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address, or failed sign-ins for this email' })
  login(@Body() dto: LoginDto, @Req() req: Request): Promise<CurrentUser> {
    return this.auth.login(dto, req);
  }

  @Public()
  @RateLimited()
  @Post('auth/register')
  @ApiOperation({ summary: 'Create an account and sign in' })
  @ApiCreatedResponse({ type: CurrentUserDto })
  @ApiConflictResponse({ description: 'An account with this email already exists' })
  register(@Body() dto: RegisterDto, @Req() req: Request): Promise<CurrentUser> {
    return this.auth.register(dto, req);
  }

  @Public()
  @RateLimited()
  @Post('auth/admin-login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Passwordless super-admin shortcut (only when SUPER_ADMIN_SHORTCUT_ENABLED)' })
  @ApiOkResponse({ type: CurrentUserDto })
  @ApiNotFoundResponse({ description: 'The shortcut is disabled' })
  adminLogin(@Body() dto: AdminLoginDto, @Req() req: Request): Promise<CurrentUser> {
    return this.auth.superAdminLogin(dto, req);
  }

  @Public()
  @RateLimited()
  @Post('auth/demo-login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in as the demo user (only when DEMO_LOGIN_ENABLED)' })
  @ApiOkResponse({ type: CurrentUserDto })
  @ApiNotFoundResponse({ description: 'Demo login is disabled' })
  demoLogin(@Req() req: Request): Promise<CurrentUser> {
    return this.auth.demoLogin(req);
  }

  /**
   * A GET changes nothing: any page on any site can make a browser follow a link. The web app's
   * /logout page asks, and signs out with POST /api/logout and the CSRF token.
   */
  @Public()
  @Get('logout')
  @Redirect('/logout', 303)
  @ApiOperation({ summary: 'Browser navigation: shows the web app\'s "Sign out?" page (signing out itself is POST /api/logout)' })
  @ApiResponse({ status: 303, description: 'To /logout' })
  logoutPage(): void {}

  @Public()
  @Post('logout')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'End the session' })
  @ApiNoContentResponse()
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.auth.logout(req, res);
  }

  @Post('auth/logout-all')
  @HttpCode(204)
  @ApiOperation({ summary: 'Logout from all devices: end every session of the signed-in user' })
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: 'Missing or invalid CSRF token' })
  logoutEverywhere(@CurrentActor() actor: Actor, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.auth.logoutEverywhere(actor, req, res);
  }
}
