import { Suspense } from 'react';
import type { Item } from '../../../api/inventory';
import { ResponsiveGrid, type GridColumns } from '../../../components/ResponsiveGrid';
import type { CategoryNames, LocationNames } from '../stock';
import { ItemCard, type ItemActions } from './ItemCard';

/** 1 column on phones, up to 4 on wide screens (spec §2, 9). */
export const ITEM_COLUMNS: GridColumns = { sm: 2, lg: 3, xl: 4 };
/** An item card's usual height (with a picture, two places and a lot), for the cards off screen. */
const CARD_HEIGHT = 455;
/** The most cards a row holds (ITEM_COLUMNS.xl). */
const WIDEST_ROW = 4;

interface ItemGridProps extends ItemActions {
  items: Item[];
  locationNames: LocationNames;
  categoryNames: CategoryNames;
  /** A viewer's cards: history only, no edits or stock changes. */
  readOnly?: boolean;
  /** Selection mode: the chosen items' ids, and how to change them. */
  selection?: { ids: ReadonlySet<string>; onChange: (item: Item, selected: boolean) => void };
}

export function ItemGrid({ items, locationNames, categoryNames, readOnly, selection, ...actions }: ItemGridProps) {
  return (
    <ResponsiveGrid columns={ITEM_COLUMNS} offscreenCardHeight={CARD_HEIGHT}>
      {items.map((item, index) => (
        // A boundary per card: taking a server-rendered page over hydrates and commits each card on
        // its own, in short tasks, instead of the whole grid in one (docs/web-performance.md).
        <Suspense key={item.id}>
          <ItemCard
            item={item}
            firstRow={index < WIDEST_ROW}
            locationNames={locationNames}
            categoryNames={categoryNames}
            readOnly={readOnly}
            selection={selection && { selected: selection.ids.has(item.id), onChange: selection.onChange }}
            {...actions}
          />
        </Suspense>
      ))}
    </ResponsiveGrid>
  );
}
