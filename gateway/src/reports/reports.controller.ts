import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReportingSubjects, type Actor, type MovementHistoryPoint, type ReportRow, type ValueHistoryPoint } from '@inventory/contracts';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { ReportingClient } from '../nats/service-clients.js';
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
  constructor(private readonly reporting: ReportingClient) {}

  @Get('inventory')
  @ApiOperation({
    summary:
      'Report rows: inventory, low-stock, value (with category totals) or movement (totals within the range); asOf for any past instant',
  })
  @ApiOkResponse({ type: ReportRowDto, isArray: true })
  inventory(@CurrentActor() actor: Actor, @Query() query: InventoryReportQueryDto): Promise<ReportRow[]> {
    return this.reporting.callChunked(ReportingSubjects.inventoryReport, query, actor);
  }

  @Get('value-history')
  @ApiOperation({ summary: 'Total inventory value at the end of each day of the range, for charts' })
  @ApiOkResponse({ type: ValueHistoryPointDto, isArray: true })
  valueHistory(@CurrentActor() actor: Actor, @Query() query: ReportPeriodQueryDto): Promise<ValueHistoryPoint[]> {
    return this.reporting.call(ReportingSubjects.valueHistory, query, actor);
  }

  @Get('movement-history')
  @ApiOperation({ summary: 'Units received and issued on each day of the range, for charts (the dashboard shows the last 30 days)' })
  @ApiOkResponse({ type: MovementHistoryPointDto, isArray: true })
  movementHistory(@CurrentActor() actor: Actor, @Query() query: ReportPeriodQueryDto): Promise<MovementHistoryPoint[]> {
    return this.reporting.call(ReportingSubjects.movementHistory, query, actor);
  }
}
