import {
  EXPORT_PAGE_ROWS,
  REPORT_DATE_PATTERN,
  ReportMessages,
  type ExportItemsPageRequest,
  type ExportMovementsPageRequest,
} from '@inventory/contracts';
import { Cursor, WholeNumber } from '@inventory/platform';
import { IsOptional, Matches } from 'class-validator';
import { CURSOR_INVALID } from './export-pages.js';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${EXPORT_PAGE_ROWS}`;

export class ExportItemsPageDto implements ExportItemsPageRequest {
  @Cursor(CURSOR_INVALID)
  after?: string;

  @WholeNumber(1, EXPORT_PAGE_ROWS, LIMIT_MESSAGE)
  limit: number;
}

export class ExportMovementsPageDto extends ExportItemsPageDto implements ExportMovementsPageRequest {
  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('from') })
  from?: string;

  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('to') })
  to?: string;
}
