import type { InventorySettings } from '@inventory/contracts';
import { ExpiryWarningDays } from '@inventory/platform';

export class InventorySettingsDto implements InventorySettings {
  @ExpiryWarningDays()
  expiryWarningDays: number;
}
