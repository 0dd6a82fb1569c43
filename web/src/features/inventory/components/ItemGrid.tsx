import { Col, Row } from 'antd';
import type { Item } from '../../../api/inventory';
import type { CategoryNames, LocationNames } from '../stock';
import { ItemCard, type ItemActions } from './ItemCard';

/** 1 column on phones, up to 4 on wide screens (spec §2, 9). */
export const ITEM_COLUMNS = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;
/** The most cards a row holds (24 / ITEM_COLUMNS.xl). */
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
    <Row gutter={[16, 16]}>
      {items.map((item, index) => (
        <Col key={item.id} {...ITEM_COLUMNS}>
          <ItemCard
            item={item}
            firstRow={index < WIDEST_ROW}
            locationNames={locationNames}
            categoryNames={categoryNames}
            readOnly={readOnly}
            selection={selection && { selected: selection.ids.has(item.id), onChange: selection.onChange }}
            {...actions}
          />
        </Col>
      ))}
    </Row>
  );
}
