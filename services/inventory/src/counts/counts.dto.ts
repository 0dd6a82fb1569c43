import {
  CountMessages as M,
  InventoryMessages,
  type ApplyCountRequest,
  type CountRef,
  type OpenCountRequest,
  type RecordCountRequest,
} from '@inventory/contracts';
import { CountedQuantity, CountOverride, CountScopeId, ItemRefId } from '@inventory/platform';

/** An id that is no count's (or item's) answers 404 like a missing one: checked in the service. */
export class OpenCountDto implements OpenCountRequest {
  @CountScopeId()
  locationId?: string | null;

  @CountScopeId()
  categoryId?: string | null;
}

export class CountRefDto implements CountRef {
  @ItemRefId(M.notFound)
  id: string;
}

export class RecordCountDto extends CountRefDto implements RecordCountRequest {
  @ItemRefId(InventoryMessages.itemNotFound)
  itemId: string;

  @CountedQuantity()
  counted: number;
}

export class ApplyCountDto extends CountRefDto implements ApplyCountRequest {
  @CountOverride()
  override?: boolean;
}
