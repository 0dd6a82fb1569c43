import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicConfig } from '@inventory/contracts';
import { Public } from './auth.decorators.js';
import { PublicConfigDto } from './auth.dto.js';
import { AuthService } from './auth.service.js';

/** Also session-free (see session-free-paths.ts): it costs no session lookup. */
@Public()
@ApiTags('auth')
@Controller('config')
export class PublicConfigController {
  constructor(private readonly auth: AuthService) {}

  @Get()
  @ApiOperation({ summary: 'Which sign-in options the login page shows' })
  @ApiOkResponse({ type: PublicConfigDto })
  config(): PublicConfig {
    return this.auth.publicConfig();
  }
}
