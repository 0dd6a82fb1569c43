import { Controller } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ReportingSubjects,
  type Actor,
  type MovementHistoryPoint,
  type ReportRow,
  type ReportSlice,
  type ValueHistoryPoint,
} from '@inventory/contracts';
import { inChunks, RpcActor, runSql, withinCallerDeadline } from '@inventory/platform';
import type { Observable } from 'rxjs';
import { InventoryReportDto, ReportPeriodDto, ReportSliceDto } from './reports.dto.js';
import { getEnv } from '../config/env.js';
import { ReportsService } from './reports.service.js';

/** Every report read stops when its caller stops waiting (withinCallerDeadline; RPC_TIMEOUT_MS, the gateway's wait too). */
@Controller()
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly em: EntityManager,
  ) {}

  private readonly deadlineMs = getEnv().RPC_TIMEOUT_MS;

  private read<T>(report: () => Promise<T>): Promise<T> {
    return withinCallerDeadline(
      this.em,
      async () => {
        // A report's best plan depends on the size of its workspace. The plan PostgreSQL keeps for a
        // prepared statement after five runs is made for an average workspace: it walked a 2,300-item
        // workspace's history against itself (a nested loop, 4 s instead of 30 ms) once the test
        // database held many small ones. Each statement is planned for its own parameters instead.
        await runSql(this.em, "SELECT set_config('plan_cache_mode', 'force_custom_plan', true)");
        return report();
      },
      this.deadlineMs,
    );
  }

  /** Answered in chunks: a report of many items is larger than one NATS message. */
  @MessagePattern(ReportingSubjects.inventoryReport)
  async inventory(@RpcActor() actor: Actor, @Payload('data') query: InventoryReportDto): Promise<Observable<ReportRow[]>> {
    return inChunks(await this.read(() => this.reports.inventoryReport(actor.workspaceId, query)));
  }

  @MessagePattern(ReportingSubjects.reportSlice)
  slice(@RpcActor() actor: Actor, @Payload('data') request: ReportSliceDto): Promise<ReportSlice> {
    return this.read(() => this.reports.slice(actor.workspaceId, request));
  }

  @MessagePattern(ReportingSubjects.valueHistory)
  valueHistory(@RpcActor() actor: Actor, @Payload('data') query: ReportPeriodDto): Promise<ValueHistoryPoint[]> {
    return this.read(() => this.reports.valueHistory(actor.workspaceId, query));
  }

  @MessagePattern(ReportingSubjects.movementHistory)
  movementHistory(@RpcActor() actor: Actor, @Payload('data') query: ReportPeriodDto): Promise<MovementHistoryPoint[]> {
    return this.read(() => this.reports.movementHistory(actor.workspaceId, query));
  }
}
