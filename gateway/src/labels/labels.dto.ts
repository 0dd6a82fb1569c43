import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  DEFAULT_LABEL_LAYOUT,
  LABEL_LAYOUTS,
  MAX_LABELS,
  type ItemLabelsRequest,
  type LabelLayout,
  type LocationLabelsRequest,
} from '@inventory/contracts';
import { LabelIds, LabelLayoutField, LabelScopeId } from '@inventory/platform';

const LAYOUT_DOC = {
  enum: LABEL_LAYOUTS,
  default: DEFAULT_LABEL_LAYOUT,
  description:
    'a4-3x8: 24 labels of 70 × 37 mm per A4 sheet; letter-2x7: 14 of 4 × 1⅓ in per US Letter sheet (Avery 5162); single: one 62 × 29 mm label per page (label printers)',
};

/** ids arrive as one comma-separated text (or repeated): documented as the text a client sends. */
const idsDoc = (what: string) => ({
  type: String,
  description: `Comma-separated ids of ${what}, in print order (a repeated id prints another copy); at most ${MAX_LABELS}`,
});

export class ItemLabelsQuery implements ItemLabelsRequest {
  @ApiPropertyOptional(idsDoc('items'))
  @LabelIds()
  ids?: string[];

  @ApiPropertyOptional({ description: 'Instead of ids: every active item of this category, by name' })
  @LabelScopeId()
  categoryId?: string;

  @ApiPropertyOptional({ description: 'Instead of ids: every active item whose home is this place or that holds stock there, by name' })
  @LabelScopeId()
  locationId?: string;

  @ApiPropertyOptional(LAYOUT_DOC)
  @LabelLayoutField()
  layout?: LabelLayout;
}

export class LocationLabelsQuery implements LocationLabelsRequest {
  @ApiPropertyOptional({ ...idsDoc('places'), description: `${idsDoc('places').description}; left out: every place, by name` })
  @LabelIds()
  ids?: string[];

  @ApiPropertyOptional(LAYOUT_DOC)
  @LabelLayoutField()
  layout?: LabelLayout;
}
