import { ApiPropertyOptional } from '@nestjs/swagger';
import { REPORT_DATE_PATTERN, ReportMessages, type ExportMovementsPageRequest } from '@inventory/contracts';
import { IsOptional, Matches } from 'class-validator';

export class ExportMovementsQueryDto implements Pick<ExportMovementsPageRequest, 'from' | 'to'> {
  @ApiPropertyOptional({ description: 'First day (from 00:00 UTC) or instant, e.g. 2025-01-01; absent: from the first movement' })
  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('from') })
  from?: string;

  @ApiPropertyOptional({ description: 'Last day (through 23:59:59.999 UTC) or instant, e.g. 2025-01-31; absent: up to now' })
  @IsOptional()
  @Matches(REPORT_DATE_PATTERN, { message: ReportMessages.dateInvalid('to') })
  to?: string;
}
