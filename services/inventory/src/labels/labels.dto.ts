import type { ItemLabelsRequest, LabelLayout, LocationLabelsRequest } from '@inventory/contracts';
import { LabelIds, LabelLayoutField, LabelScopeId } from '@inventory/platform';

export class ItemLabelsDto implements ItemLabelsRequest {
  @LabelIds()
  ids?: string[];

  @LabelScopeId()
  categoryId?: string;

  @LabelScopeId()
  locationId?: string;

  @LabelLayoutField()
  layout?: LabelLayout;
}

export class LocationLabelsDto implements LocationLabelsRequest {
  @LabelIds()
  ids?: string[];

  @LabelLayoutField()
  layout?: LabelLayout;
}
