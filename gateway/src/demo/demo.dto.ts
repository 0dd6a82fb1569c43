import { ApiProperty } from '@nestjs/swagger';
import type { DemoStatus } from '@inventory/contracts';

/** Response shape, for the OpenAPI description. */
export class DemoStatusDto implements DemoStatus {
  @ApiProperty({ description: 'A reset is running: the sample data is being written' }) resetting: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null until the demo was first set up' })
  lastResetAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null when scheduled resets are off' })
  nextResetAt: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Hours between scheduled resets; 0: only on request' }) resetHours: number;
}
