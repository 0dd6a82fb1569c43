import {
  CountMessages as M,
  InventoryMessages,
  type ApplyCountRequest,
  type CountRef,
  type OpenCountRequest,
  type RecordCountRequest,
} from '@inventory/contracts';
import { CountedQuantity, CountOverride, CountScopeId, RequiredText } from '@inventory/platform';

/** An id that is no count's (or item's) answers 404 like a missing one: checked in the service. */
const ID_MAX_LENGTH = 100;

export class OpenCountDto implements OpenCountRequest {
  @CountScopeId()
  locationId?: string | null;

  @CountScopeId()
  categoryId?: string | null;
}

export class CountRefDto implements CountRef {
  @RequiredText(ID_MAX_LENGTH, { required: M.notFound, tooLong: M.notFound })
  id: string;
}

export class RecordCountDto extends CountRefDto implements RecordCountRequest {
  @RequiredText(ID_MAX_LENGTH, { required: InventoryMessages.itemNotFound, tooLong: InventoryMessages.itemNotFound })
  itemId: string;

  @CountedQuantity()
  counted: number;
}

export class ApplyCountDto extends CountRefDto implements ApplyCountRequest {
  @CountOverride()
  override?: boolean;
}
