import { ApiProperty } from '@nestjs/swagger';
import type { AlertSeverity, LowStockAlertView } from '@inventory/contracts';

class AlertItemDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer' }) currentStock: number;
  @ApiProperty({ type: 'integer' }) reorderLevel: number;
}

export class LowStockAlertDto implements LowStockAlertView {
  @ApiProperty() id: string;
  @ApiProperty() itemId: string;
  @ApiProperty({ enum: ['low', 'critical'], description: 'critical: stock 0 or at most half the reorder level' }) severity: AlertSeverity;
  @ApiProperty() isRead: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: AlertItemDto }) item: LowStockAlertView['item'];
}
