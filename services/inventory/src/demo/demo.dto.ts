import { DEMO_ITEMS, InventoryMessages as M, type DemoItemSeed } from '@inventory/contracts';
import { OptionalText } from '@inventory/platform';
import { IsIn } from 'class-validator';

const OptionalId = () => OptionalText(100, M.idInvalid);

export class DemoItemSeedDto implements DemoItemSeed {
  @IsIn(DEMO_ITEMS.map((item) => item.sku), { message: 'sku must be one of the demo items' })
  sku: string;

  @OptionalId()
  categoryId: string | null;

  @OptionalId()
  locationId: string | null;

  @OptionalId()
  transferToLocationId: string | null;

  @OptionalText(2048, M.imageUrlInvalid)
  imageUrl: string | null;
}
