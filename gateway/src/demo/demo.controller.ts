import { Controller, Get, HttpCode, Inject, NotFoundException, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { DemoMessages, type Actor, type DemoStatus } from '@inventory/contracts';
import type { Response } from 'express';
import { AUTH_SETTINGS, type AuthSettings } from '../auth/auth-settings.js';
import { CurrentActor } from '../auth/index.js';
import { DemoReset } from './demo-reset.service.js';
import { DemoStatusDto } from './demo.dto.js';

/** The shared demo's reset (docs/demo.md); there only while the demo sign-in is on. */
@ApiTags('demo')
@Controller('demo')
export class DemoController {
  constructor(
    private readonly demo: DemoReset,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  @Get()
  @ApiOperation({ summary: 'When the shared demo was last put back to its sample data, and when it will be next' })
  @ApiOkResponse({ type: DemoStatusDto })
  @ApiNotFoundResponse({ description: 'Demo login is disabled' })
  status(): Promise<DemoStatus> {
    this.assertEnabled();
    return this.demo.status();
  }

  @Post('reset')
  @HttpCode(202)
  @ApiOperation({ summary: 'Put the shared demo back to its sample data (demo account only); poll GET /api/demo until it is done' })
  @ApiAcceptedResponse({ type: DemoStatusDto })
  @ApiForbiddenResponse({ description: DemoMessages.demoOnly })
  @ApiNotFoundResponse({ description: 'Demo login is disabled' })
  @ApiTooManyRequestsResponse({ description: DemoMessages.tooSoon })
  reset(@CurrentActor() actor: Actor, @Res({ passthrough: true }) res: Response): Promise<DemoStatus> {
    this.assertEnabled();
    return this.demo.request(actor, (seconds) => res.setHeader('Retry-After', seconds));
  }

  private assertEnabled(): void {
    if (!this.settings.demoLoginEnabled) throw new NotFoundException('Demo login is not available');
  }
}
