import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { ProcessReadiness, SystemHealth } from '@inventory/contracts';
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

  @Get('live')
  @ApiOperation({ summary: 'Liveness of this gateway process: it answers (nothing else is checked)' })
  @ApiOkResponse({ description: 'The process serves requests' })
  live(): ProcessReadiness {
    return { status: 'up' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness of this gateway process: it may take traffic (for a load balancer)' })
  @ApiOkResponse({ description: 'Ready: its NATS connection answers and it is not stopping' })
  @ApiServiceUnavailableResponse({ description: 'Not ready, with the reason' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ProcessReadiness> {
    const readiness = await this.health.readiness();
    res.status(readiness.status === 'up' ? 200 : 503);
    return readiness;
  }
}
