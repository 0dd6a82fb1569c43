import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReportingSubjects, type Actor, type CategoryValue, type DashboardStats, type RecentMovement } from '@inventory/contracts';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { ReportingClient } from '../nats/service-clients.js';
import { CategoryValueDto, DashboardStatsDto, RecentMovementDto } from './dashboard.dto.js';

@ApiTags('dashboard')
@WorkspaceData()
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly reporting: ReportingClient) {}

  @Get('stats')
  @ApiOperation({ summary: 'Your item count, low-stock count, inventory value and category count' })
  @ApiOkResponse({ type: DashboardStatsDto })
  stats(@CurrentActor() actor: Actor): Promise<DashboardStats> {
    return this.reporting.call(ReportingSubjects.dashboardStats, undefined, actor);
  }

  @Get('recent-movements')
  @ApiOperation({ summary: 'Your latest 10 stock movements, newest first' })
  @ApiOkResponse({ type: RecentMovementDto, isArray: true })
  recentMovements(@CurrentActor() actor: Actor): Promise<RecentMovement[]> {
    return this.reporting.call(ReportingSubjects.recentMovements, undefined, actor);
  }

  @Get('category-values')
  @ApiOperation({
    summary: 'The value of each category now, by name, items without one last (null); categories worth nothing are left out',
  })
  @ApiOkResponse({ type: CategoryValueDto, isArray: true })
  categoryValues(@CurrentActor() actor: Actor): Promise<CategoryValue[]> {
    return this.reporting.call(ReportingSubjects.categoryValues, undefined, actor);
  }
}
