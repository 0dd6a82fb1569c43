import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ReportingSubjects,
  type Actor,
  type MovementHistoryPoint,
  type ReportRow,
  type ReportSlice,
  type ValueHistoryPoint,
} from '@inventory/contracts';
import { inChunks, RpcActor } from '@inventory/platform';
import type { Observable } from 'rxjs';
import { InventoryReportDto, ReportPeriodDto, ReportSliceDto } from './reports.dto.js';
import { ReportsService } from './reports.service.js';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  /** Answered in chunks: a report of many items is larger than one NATS message. */
  @MessagePattern(ReportingSubjects.inventoryReport)
  async inventory(@RpcActor() actor: Actor, @Payload('data') query: InventoryReportDto): Promise<Observable<ReportRow[]>> {
    return inChunks(await this.reports.inventoryReport(actor.workspaceId, query));
  }

  @MessagePattern(ReportingSubjects.reportSlice)
  slice(@RpcActor() actor: Actor, @Payload('data') request: ReportSliceDto): Promise<ReportSlice> {
    return this.reports.slice(actor.workspaceId, request);
  }

  @MessagePattern(ReportingSubjects.valueHistory)
  valueHistory(@RpcActor() actor: Actor, @Payload('data') query: ReportPeriodDto): Promise<ValueHistoryPoint[]> {
    return this.reports.valueHistory(actor.workspaceId, query);
  }

  @MessagePattern(ReportingSubjects.movementHistory)
  movementHistory(@RpcActor() actor: Actor, @Payload('data') query: ReportPeriodDto): Promise<MovementHistoryPoint[]> {
    return this.reports.movementHistory(actor.workspaceId, query);
  }
}
