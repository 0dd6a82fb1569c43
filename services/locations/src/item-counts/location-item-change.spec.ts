import { FakeItem } from '@inventory/platform/testing';
import { locationItemChange } from './location-item-change.js';

describe('locationItemChange', () => {
  it('tracks a registered item under its owner', () => {
    const item = new FakeItem('user-1');
    expect(locationItemChange(item.registered({ locationId: 'shelf' }))).toEqual({
      kind: 'registered',
      itemId: item.itemId,
      workspaceId: 'user-1',
    });
  });

  it('takes the whole stock after a movement, leaving out the unassigned bucket', () => {
    const item = new FakeItem('user-1');
    item.received('shelf', 2);
    item.received(null, 5);
    expect(locationItemChange(item.transferred('shelf', 'bin', 1))).toEqual({
      kind: 'stock',
      itemId: item.itemId,
      workspaceId: 'user-1',
      locations: [
        { locationId: 'shelf', quantity: 1 },
        { locationId: 'bin', quantity: 1 },
      ],
    });
  });

  it('empties a location whose stock was relocated', () => {
    const item = new FakeItem('user-1');
    item.received('shelf', 2);
    expect(locationItemChange(item.relocated('shelf'))).toMatchObject({ kind: 'stock', locations: [] });
  });

  it('stops counting an archived item', () => {
    const item = new FakeItem('user-1');
    expect(locationItemChange(item.archived())).toEqual({ kind: 'archived', itemId: item.itemId });
  });

  it('ignores detail changes', () => {
    expect(locationItemChange(new FakeItem('user-1').detailsChanged({ locationId: 'bin' }))).toBeNull();
  });
});
