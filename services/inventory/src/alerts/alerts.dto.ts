import { InventoryMessages as M, type ItemRef } from '@inventory/contracts';
import { RequiredText } from '@inventory/platform';

export class AlertIdDto implements ItemRef {
  @RequiredText(100, { required: M.alertNotFound, tooLong: M.alertNotFound })
  id: string;
}
