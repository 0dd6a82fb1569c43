import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReportingSubjects, type Actor, type MovementHistoryPoint, type ReportRow, type ValueHistoryPoint } from '@inventory/contracts';
import { rpc, rpcChunked } from '@inventory/platform';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { getEnv } from '../config/env.js';
import { NATS_CLIENT } from '../nats/nats-client.module.js';
import {
  InventoryReportQueryDto,
  MovementHistoryPointDto,
  ReportPeriodQueryDto,
  ReportRowDto,
  ValueHistoryPointDto,
} from './reports.dto.js';

@ApiTags('reports')
@ApiBadRequestResponse({
  description: 'An unknown type or range, a malformed date, a custom range without from and to or with from after to',
})
@WorkspaceData()
@Controller('reports')
export class ReportsController {
  private readonly timeoutMs = getEnv().RPC_TIMEOUT_MS;

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  @Get('inventory')
  @ApiOperation({
    summary:
      'Report rows: inventory, low-stock, value (with category totals) or movement (totals within the range); asOf for any past instant',
  })
  @ApiOkResponse({ type: ReportRowDto, isArray: true })
  inventory(@CurrentActor() actor: Actor, @Query() query: InventoryReportQueryDto): Promise<ReportRow[]> {
    return rpcChunked(this.nats, ReportingSubjects.inventoryReport, query, { actor, timeoutMs: this.timeoutMs });
  }

  @Get('value-history')
  @ApiOperation({ summary: 'Total inventory value at the end of each day of the range, for charts' })
  @ApiOkResponse({ type: ValueHistoryPointDto, isArray: true })
  valueHistory(@CurrentActor() actor: Actor, @Query() query: ReportPeriodQueryDto): Promise<ValueHistoryPoint[]> {
    return rpc(this.nats, ReportingSubjects.valueHistory, query, { actor, timeoutMs: this.timeoutMs });
  }

  @Get('movement-history')
  @ApiOperation({ summary: 'Units received and issued on each day of the range, for charts (the dashboard shows the last 30 days)' })
  @ApiOkResponse({ type: MovementHistoryPointDto, isArray: true })
  movementHistory(@CurrentActor() actor: Actor, @Query() query: ReportPeriodQueryDto): Promise<MovementHistoryPoint[]> {
    return rpc(this.nats, ReportingSubjects.movementHistory, query, { actor, timeoutMs: this.timeoutMs });
  }
}
