import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  COUNT_STATUSES,
  MAX_STOCK,
  type CountLineView,
  type CountPerson,
  type CountStatus,
  type CountSummary,
  type CountTotals,
  type CountView,
  type NamedRef,
  type OpenCountRequest,
  type RecordCountRequest,
  type ApplyCountRequest,
} from '@inventory/contracts';
import { CountedQuantity, CountOverride, CountScopeId } from '@inventory/platform';

const DECIMAL = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' } as const;

export class OpenCountBody implements OpenCountRequest {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'The place to count; absent or null: the stock kept at no place' })
  @CountScopeId()
  locationId?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Count only the items of this category' })
  @CountScopeId()
  categoryId?: string | null;
}

export class RecordCountBody implements Omit<RecordCountRequest, 'id' | 'itemId'> {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_STOCK, description: 'How many were counted at the place' })
  @CountedQuantity()
  counted: number;
}

export class ApplyCountBody implements Omit<ApplyCountRequest, 'id'> {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Book the counted quantities even for items that moved at the place since they were counted',
  })
  @CountOverride()
  override?: boolean;
}

class CountPersonDto implements CountPerson {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
}

class CountScopeRefDto implements NamedRef {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'Kept after the place or category is deleted' }) name: string;
}

export class CountSummaryDto implements CountSummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: COUNT_STATUSES }) status: CountStatus;
  @ApiProperty({ type: CountScopeRefDto, nullable: true, description: 'null: the stock kept at no place' }) location: NamedRef | null;
  @ApiProperty({ type: CountScopeRefDto, nullable: true }) category: NamedRef | null;
  @ApiProperty({ type: CountPersonDto }) createdBy: CountPerson;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When it was applied or cancelled' }) closedAt:
    string | null;
  @ApiProperty({ type: CountPersonDto, nullable: true }) closedBy: CountPerson | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Items with a counted quantity' }) countedItems: number;
}

export class CountLineDto implements CountLineView {
  @ApiProperty({ format: 'uuid' }) itemId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) sku: string | null;
  @ApiProperty({ ...DECIMAL, description: 'decimal(10,2) as a string' }) unitPrice: string;
  @ApiProperty({
    type: 'integer',
    description: 'Stock at the place when counted (applied: when applied); not counted yet: now',
  })
  expected: number;
  @ApiProperty({ type: 'integer', nullable: true }) counted: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'counted − expected' }) variance: number | null;
  @ApiProperty({ type: 'string', pattern: DECIMAL.pattern, nullable: true, description: 'variance × unit price, exact' })
  varianceValue: string | null;
  @ApiProperty({ type: 'integer', description: 'Stock at the place now' }) currentQuantity: number;
  @ApiProperty({ description: 'Moved at the place after it was counted: recount it or apply with override' })
  changedSinceCounted: boolean;
  @ApiProperty({ type: CountPersonDto, nullable: true }) countedBy: CountPerson | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) countedAt: string | null;
}

class CountTotalsDto implements CountTotals {
  @ApiProperty({ type: 'integer' }) items: number;
  @ApiProperty({ type: 'integer' }) counted: number;
  @ApiProperty({ type: 'integer' }) withVariance: number;
  @ApiProperty({ type: 'integer' }) netVariance: number;
  @ApiProperty(DECIMAL) varianceValue: string;
  @ApiProperty(DECIMAL) surplusValue: string;
  @ApiProperty(DECIMAL) shortageValue: string;
}

export class CountViewDto extends CountSummaryDto implements CountView {
  @ApiProperty({ type: CountLineDto, isArray: true }) lines: CountLineView[];
  @ApiProperty({ type: CountTotalsDto }) totals: CountTotals;
}
