import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth.decorators.js';
import { ExternalAuthService } from './external-auth.service.js';

/** Browser navigations; every answer is a redirect. */
@Public()
@ApiTags('auth')
@ApiFoundResponse({ description: 'To the provider, to /dashboard, or to /login?error=…' })
@Controller()
export class ExternalAuthController {
  constructor(private readonly external: ExternalAuthService) {}

  @Get('auth/google')
  @ApiOperation({ summary: 'Sign in with Google' })
  google(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.external.start('google', req, res);
  }

  @Get('auth/google/callback')
  @ApiOperation({ summary: 'Google redirects back here' })
  googleCallback(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.external.finish('google', req, res);
  }

  @Get('login')
  @ApiOperation({ summary: 'Sign in with the platform (OpenID Connect)' })
  oidc(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.external.start('oidc', req, res);
  }

  @Get('login/callback')
  @ApiOperation({ summary: 'The OpenID Connect provider redirects back here' })
  oidcCallback(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.external.finish('oidc', req, res);
  }
}
