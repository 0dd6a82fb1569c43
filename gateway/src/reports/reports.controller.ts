import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  REPORT_PAGE_SIZE,
  REPORT_UNPAGED_CAP,
  ReportingSubjects,
  type Actor,
  type MovementHistoryPoint,
  type ReportPage,
  type ReportRow,
  type ValueHistoryPoint,
} from '@inventory/contracts';
import type { Request, Response } from 'express';
import { ExportService } from '../export/export.service.js';
import { SHEET_CONTENT_TYPES } from '../export/sheet-writers.js';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { ReportingClient } from '../nats/service-clients.js';
import {
  InventoryReportQueryDto,
  MovementHistoryPointDto,
  ReportPageDto,
  ReportPageQueryDto,
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
  constructor(
    private readonly reporting: ReportingClient,
    private readonly exports: ExportService,
  ) {}

  @Get('inventory')
  @ApiOperation({
    summary:
      'Report rows: inventory, low-stock, value (with category totals) or movement (totals within the range); asOf for any past instant. ' +
      `With page, pageSize or after: one page, sorted on the server, with totals over every row and the cursor to the next page. Without: the bare list (spec), at most ${REPORT_UNPAGED_CAP} rows, ` +
      'with X-Total-Count, and a Link to the next page of the paged form when rows were left off',
  })
  @ApiExtraModels(ReportPageDto)
  @ApiOkResponse({
    schema: { oneOf: [{ type: 'array', items: { $ref: getSchemaPath(ReportRowDto) } }, { $ref: getSchemaPath(ReportPageDto) }] },
  })
  async inventory(
    @CurrentActor() actor: Actor,
    @Query() query: ReportPageQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ReportRow[] | ReportPage> {
    const { page, pageSize, after, ...report } = query;
    if (page !== undefined || pageSize !== undefined || after !== undefined) {
      const slice = await this.reporting.call(ReportingSubjects.reportSlice, { ...report, page, pageSize, after, withTotals: true }, actor);
      return { rows: slice.rows, total: slice.total ?? 0, totals: slice.totals!, next: slice.next };
    }
    const rows = await this.reporting.callChunked(ReportingSubjects.inventoryReport, report, actor);
    if (rows.length <= REPORT_UNPAGED_CAP) {
      res.setHeader('X-Total-Count', rows.length);
      return rows;
    }
    const { total } = await this.reporting.call(ReportingSubjects.reportSlice, { ...report, pageSize: 1, withTotals: true }, actor);
    res.setHeader('X-Total-Count', total ?? rows.length);
    res.setHeader('Link', `<${nextPageUrl(req)}>; rel="next"`);
    return rows.slice(0, REPORT_UNPAGED_CAP);
  }

  @Get('inventory.csv')
  @ApiOperation({
    summary:
      'The report as spec §9’s CSV (Item Name, SKU, Current Stock, Reorder Level, Unit Price, Total Value, Status), every row in the ' +
      'order asked (same parameters as the report, paging aside), streamed',
  })
  @ApiProduces(SHEET_CONTENT_TYPES.csv)
  @ApiOkResponse({ description: 'inventory-report-{YYYY-MM-DD}.csv, as an attachment' })
  inventoryCsv(@CurrentActor() actor: Actor, @Query() query: InventoryReportQueryDto, @Res() res: Response): Promise<void> {
    return this.exports.report(actor, query, res);
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

/** The unpaged list held the first REPORT_UNPAGED_CAP rows: the paged form's page after them. */
function nextPageUrl(req: Request): string {
  const url = new URL(req.originalUrl, 'http://gateway');
  url.searchParams.set('pageSize', String(REPORT_PAGE_SIZE.max));
  url.searchParams.set('page', String(REPORT_UNPAGED_CAP / REPORT_PAGE_SIZE.max + 1));
  return `${url.pathname}${url.search}`;
}
