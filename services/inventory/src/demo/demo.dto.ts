import { DEMO_ITEMS, type DemoItemSeed } from '@inventory/contracts';
import { ItemImageUrl, OptionalRefId } from '@inventory/platform';
import { IsIn } from 'class-validator';

export class DemoItemSeedDto implements DemoItemSeed {
  @IsIn(DEMO_ITEMS.map((item) => item.sku), { message: 'sku must be one of the demo items' })
  sku: string;

  @OptionalRefId()
  categoryId: string | null;

  @OptionalRefId()
  locationId: string | null;

  @OptionalRefId()
  transferToLocationId: string | null;

  @ItemImageUrl()
  imageUrl: string | null;
}
