import {
  REPORT_DATE_PATTERN,
  REPORT_RANGES,
  REPORT_TYPES,
  ReportMessages,
  type InventoryReportQuery,
  type ReportPeriodQuery,
  type ReportRange,
  type ReportType,
} from '@inventory/contracts';
import { IsIn, IsOptional, Matches } from 'class-validator';

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

export class InventoryReportDto extends ReportPeriodDto implements InventoryReportQuery {
  @IsOptional()
  @IsIn(REPORT_TYPES, { message: ReportMessages.typeInvalid })
  type?: ReportType;

  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('asOf') })
  asOf?: string;
}
