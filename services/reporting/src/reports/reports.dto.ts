import {
  REPORT_DATE_PATTERN,
  REPORT_RANGES,
  REPORT_SLICE_MAX_ROWS,
  REPORT_TYPES,
  ReportMessages,
  type ReportPageQuery,
  type ReportSliceRequest,
  type ReportSort,
  type SortOrder,
  type ReportPeriodQuery,
  type ReportRange,
  type ReportType,
} from '@inventory/contracts';
import { ReportCursor, ReportPageNumber, ReportPageSize, ReportSearch, ReportSortField, SortOrderField } from '@inventory/platform';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';

export class ReportPeriodDto implements ReportPeriodQuery {
  @IsOptional()
  @IsIn(REPORT_RANGES, { message: ReportMessages.rangeInvalid })
  range?: ReportRange;

  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('from') })
  from?: string;

  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('to') })
  to?: string;
}

export class InventoryReportDto extends ReportPeriodDto implements ReportPageQuery {
  @IsOptional()
  @IsIn(REPORT_TYPES, { message: ReportMessages.typeInvalid })
  type?: ReportType;

  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('asOf') })
  asOf?: string;

  @ReportSortField()
  sort?: ReportSort;

  @SortOrderField()
  order?: SortOrder;

  @ReportSearch()
  search?: string;
}

export class ReportSliceDto extends InventoryReportDto implements ReportSliceRequest {
  @ReportPageNumber()
  page?: number;

  @ReportPageSize(REPORT_SLICE_MAX_ROWS)
  pageSize?: number;

  @ReportCursor()
  after?: string;

  @IsOptional()
  @IsBoolean()
  withTotals?: boolean;
}
