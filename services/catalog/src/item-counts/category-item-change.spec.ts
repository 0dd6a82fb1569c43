import { FakeItem } from '@inventory/platform/testing';
import { categoryItemChange } from './category-item-change.js';

const item = new FakeItem('user-1');

describe('categoryItemChange', () => {
  it('registers an item under its owner and category', () => {
    expect(categoryItemChange(item.registered({ categoryId: 'tools' }))).toEqual({
      kind: 'registered',
      itemId: item.itemId,
      workspaceId: 'user-1',
      categoryId: 'tools',
    });
  });

  it('moves an item when its category changes, to none included', () => {
    expect(categoryItemChange(item.detailsChanged({ categoryId: 'paint' }))).toEqual({
      kind: 'recategorised',
      itemId: item.itemId,
      categoryId: 'paint',
    });
    expect(categoryItemChange(item.detailsChanged({ categoryId: null }, 'Category deleted'))).toMatchObject({
      kind: 'recategorised',
      categoryId: null,
    });
  });

  it('ignores detail changes that leave the category alone', () => {
    expect(categoryItemChange(item.detailsChanged({ name: 'Renamed', locationId: 'shelf' }))).toBeNull();
  });

  it('stops counting an archived item', () => {
    expect(categoryItemChange(item.archived())).toEqual({ kind: 'archived', itemId: item.itemId });
  });

  it('ignores stock movements', () => {
    expect(categoryItemChange(item.received(null, 3))).toBeNull();
  });
});
