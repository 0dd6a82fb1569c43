import { Controller, Get, Inject } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReportingSubjects, type Actor, type DashboardStats, type RecentMovement } from '@inventory/contracts';
import { rpc } from '@inventory/platform';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { getEnv } from '../config/env.js';
import { NATS_CLIENT } from '../nats/nats-client.module.js';
import { DashboardStatsDto, RecentMovementDto } from './dashboard.dto.js';

@ApiTags('dashboard')
@WorkspaceData()
@Controller('dashboard')
export class DashboardController {
  private readonly timeoutMs = getEnv().RPC_TIMEOUT_MS;

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  @Get('stats')
  @ApiOperation({ summary: 'Your item count, low-stock count, inventory value and category count' })
  @ApiOkResponse({ type: DashboardStatsDto })
  stats(@CurrentActor() actor: Actor): Promise<DashboardStats> {
    return rpc(this.nats, ReportingSubjects.dashboardStats, undefined, { actor, timeoutMs: this.timeoutMs });
  }

  @Get('recent-movements')
  @ApiOperation({ summary: 'Your latest 10 stock movements, newest first' })
  @ApiOkResponse({ type: RecentMovementDto, isArray: true })
  recentMovements(@CurrentActor() actor: Actor): Promise<RecentMovement[]> {
    return rpc(this.nats, ReportingSubjects.recentMovements, undefined, { actor, timeoutMs: this.timeoutMs });
  }
}
