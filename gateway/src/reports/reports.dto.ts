import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type StockStatus,
  STOCK_STATUSES,
  REPORT_DATE_PATTERN,
  REPORT_DEFAULTS,
  REPORT_RANGES,
  REPORT_TYPES,
  REPORT_PAGE_SIZE,
  REPORT_SORTS,
  REPORT_UNPAGED_CAP,
  SORT_ORDERS,
  ReportMessages,
  type ReportPage,
  type ReportPageQuery,
  type ReportSort,
  type ReportTotals,
  type SortOrder,
  type InventoryReportQuery,
  type MovementHistoryPoint,
  type MovementTotals,
  type ReportPeriodQuery,
  type ReportRange,
  type ReportRow,
  type ReportType,
  type ValueHistoryPoint,
} from '@inventory/contracts';
import { ReportCursor, ReportPageNumber, ReportPageSize, ReportSearch, ReportSortField, SortOrderField } from '@inventory/platform';
import { IsIn, IsOptional, Matches } from 'class-validator';

const DATE_EXAMPLE = '2025-01-31 or 2025-01-31T17:00:00Z';

export class ReportPeriodQueryDto implements ReportPeriodQuery {
  @ApiPropertyOptional({ enum: REPORT_RANGES, default: REPORT_DEFAULTS.range, description: 'Whole UTC days up to now, or custom' })
  @IsOptional()
  @IsIn(REPORT_RANGES, { message: ReportMessages.rangeInvalid })
  range?: ReportRange;

  @ApiPropertyOptional({ description: `range=custom: first day (from 00:00 UTC) or instant, e.g. ${DATE_EXAMPLE}` })
  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('from') })
  from?: string;

  @ApiPropertyOptional({ description: `range=custom: last day (through 23:59:59.999 UTC) or instant, e.g. ${DATE_EXAMPLE}` })
  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('to') })
  to?: string;
}

export class InventoryReportQueryDto extends ReportPeriodQueryDto implements InventoryReportQuery {
  @ApiPropertyOptional({ enum: REPORT_TYPES, default: REPORT_DEFAULTS.type })
  @IsOptional()
  @IsIn(REPORT_TYPES, { message: ReportMessages.typeInvalid })
  type?: ReportType;

  @ApiPropertyOptional({
    description: `Stock, price and value at this instant, from the event history (a day alone: its end); not for type=movement. e.g. ${DATE_EXAMPLE}`,
  })
  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('asOf') })
  asOf?: string;

  @ApiPropertyOptional({ enum: REPORT_SORTS, description: "Default: the type's own order. Ties go by name, then id" })
  @ReportSortField()
  sort?: ReportSort;

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'asc' })
  @SortOrderField()
  order?: SortOrder;

  @ApiPropertyOptional({ description: 'Case-insensitive substring of the name or the SKU' })
  @ReportSearch()
  search?: string;
}

export class ReportPageQueryDto extends InventoryReportQueryDto implements ReportPageQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: `With page or pageSize the answer is a page: { rows, total, totals }. Without both, the bare list of at most ${REPORT_UNPAGED_CAP} rows`,
  })
  @ReportPageNumber()
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: REPORT_PAGE_SIZE.max, default: REPORT_PAGE_SIZE.default })
  @ReportPageSize()
  pageSize?: number;

  @ApiPropertyOptional({
    description:
      'The next of a page of the same query: the page after it, whatever its number (page is then ignored). ' +
      'Deep pages cost a page by cursor, every row before them by number',
  })
  @ReportCursor()
  after?: string;
}

export class ReportTotalsDto implements ReportTotals {
  @ApiProperty({ description: 'Sum of every row’s total value, rounded to cents' }) value: number;
  @ApiProperty({ type: 'integer', description: 'Rows at or below their reorder level' }) lowStock: number;
  @ApiProperty({ type: 'integer' }) items: number;
  @ApiProperty({ type: 'integer', description: 'Distinct categories among the rows' }) categories: number;
}

class CategoryNameDto {
  @ApiProperty() name: string;
}

class MovementTotalsDto implements MovementTotals {
  @ApiProperty({ type: 'integer' }) stockIn: number;
  @ApiProperty({ type: 'integer' }) stockOut: number;
  @ApiProperty({ type: 'integer', description: 'Net change made by adjustments' }) adjusted: number;
  @ApiProperty({ type: 'integer', description: 'Net change made by undos' }) undone: number;
  @ApiProperty({ type: 'integer', description: 'stockIn - stockOut + adjusted + undone' }) netChange: number;
}

export class ReportRowDto implements ReportRow {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) sku: string | null;
  @ApiProperty({ type: CategoryNameDto, nullable: true }) category: CategoryNameDto | null;
  @ApiProperty({ type: 'integer' }) currentStock: number;
  @ApiProperty({ type: 'integer' }) reorderLevel: number;
  @ApiProperty({ example: '19.99', description: 'decimal(10,2) as a string' }) unitPrice: string;
  @ApiProperty({ example: 139.93, description: 'currentStock × unitPrice, exact, rounded to cents' }) totalValue: number;
  @ApiProperty({ enum: STOCK_STATUSES, description: 'Out of Stock at 0, Low Stock at or below the reorder level, else In Stock' })
  status: StockStatus;
  @ApiPropertyOptional({ description: 'type=value: total value of the row’s category (no category: one group)' })
  categoryTotalValue?: number;
  @ApiPropertyOptional({ type: MovementTotalsDto, description: 'type=movement: what moved within the range' })
  movements?: MovementTotalsDto;
}

export class ValueHistoryPointDto implements ValueHistoryPoint {
  @ApiProperty({ example: '2025-01-31' }) date: string;
  @ApiProperty({ example: 1520.5, description: 'Total value at the end of that UTC day (today: now)' }) totalValue: number;
}

export class MovementHistoryPointDto implements MovementHistoryPoint {
  @ApiProperty({ example: '2025-01-31' }) date: string;
  @ApiProperty({ type: 'integer', example: 12, description: 'Units received that UTC day' }) stockIn: number;
  @ApiProperty({ type: 'integer', example: 7, description: 'Units issued that UTC day' }) stockOut: number;
}

export class ReportPageDto implements ReportPage {
  @ApiProperty({ type: ReportRowDto, isArray: true }) rows: ReportRowDto[];
  @ApiProperty({ type: 'integer', description: 'Rows of the whole report' }) total: number;
  @ApiProperty({ type: ReportTotalsDto }) totals: ReportTotalsDto;
  @ApiProperty({ type: String, nullable: true, description: 'Cursor to the next page (after); null on the last page' })
  next: string | null;
}
