import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ReportingSubjects, type Actor, type CategoryValue, type DashboardStats, type RecentMovement } from '@inventory/contracts';
import { RpcActor } from '@inventory/platform';
import { DashboardService } from './dashboard.service.js';

@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @MessagePattern(ReportingSubjects.dashboardStats)
  stats(@RpcActor() actor: Actor): Promise<DashboardStats> {
    return this.dashboard.stats(actor.workspaceId);
  }

  @MessagePattern(ReportingSubjects.recentMovements)
  recentMovements(@RpcActor() actor: Actor): Promise<RecentMovement[]> {
    return this.dashboard.recentMovements(actor.workspaceId);
  }

  @MessagePattern(ReportingSubjects.categoryValues)
  categoryValues(@RpcActor() actor: Actor): Promise<CategoryValue[]> {
    return this.dashboard.categoryValues(actor.workspaceId);
  }
}
