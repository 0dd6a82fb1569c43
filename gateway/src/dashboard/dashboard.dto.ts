import { ApiProperty } from '@nestjs/swagger';
import type { CategoryValue, DashboardStats, RecentMovement, TimelineEntryType } from '@inventory/contracts';

export class DashboardStatsDto implements DashboardStats {
  @ApiProperty({ type: 'integer', description: 'Active items' }) totalItems: number;
  @ApiProperty({ type: 'integer', description: 'Active items at or below their reorder level, out of stock included' })
  lowStockItems: number;
  @ApiProperty({ example: 140.23, description: 'Sum of stock × unit price, exact in decimal, as a number rounded to cents (US dollars)' })
  totalValue: number;
  @ApiProperty({ type: 'integer', description: 'Your categories' }) categoriesCount: number;
}

const TIMELINE_ENTRY_TYPES = ['in', 'out', 'adjustment', 'transfer', 'undo', 'relocation'] as const satisfies readonly TimelineEntryType[];

class MovementItemDto {
  @ApiProperty() name: string;
}

export class RecentMovementDto implements RecentMovement {
  @ApiProperty({ description: 'The movement id' }) id: string;
  @ApiProperty({ enum: TIMELINE_ENTRY_TYPES }) movementType: TimelineEntryType;
  @ApiProperty({ type: 'integer', description: 'Amount moved; for an adjustment the new stock level' }) quantity: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: MovementItemDto }) item: MovementItemDto;
  @ApiProperty({ type: String, nullable: true, description: 'Who recorded it, by display name then' }) userName: string | null;
}

class CategoryRefDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}

export class CategoryValueDto implements CategoryValue {
  @ApiProperty({ type: CategoryRefDto, nullable: true, description: 'null: the items without a category' })
  category: CategoryRefDto | null;
  @ApiProperty({ example: 140.23, description: 'Sum of stock × unit price of its active items, as a number rounded to cents' })
  value: number;
}
