import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { SystemHealth } from '@inventory/contracts';
import type { Response } from 'express';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Status of the gateway, every service and every server' })
  @ApiOkResponse({ description: 'Everything is up' })
  @ApiServiceUnavailableResponse({ description: 'At least one part is down (same body)' })
  async check(@Res({ passthrough: true }) res: Response): Promise<SystemHealth> {
    const health = await this.health.check();
    res.status(health.status === 'up' ? 200 : 503);
    return health;
  }
}
