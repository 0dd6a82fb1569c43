import { decideRequest } from './decide.js';
import { initialState, type ItemCommand } from '../domain/item.js';

const ITEM = 'a1b2c3d4-0000-4000-8000-000000000002';
const context = (occurredAt: string) => ({ workspaceId: 'workspace-1', userId: 'user-1', occurredAt });
const receive: ItemCommand = { type: 'ReceiveStock', data: { quantity: 5, locationId: null, reason: 'Delivery', movementId: 'm-2' } };

describe('decideRequest', () => {
  const { state: registered } = decideRequest(initialState(ITEM), ITEM, {
    context: context('2026-03-01T10:00:00.500Z'),
    commands: [
      {
        type: 'RegisterItem',
        data: {
          ...initialState(ITEM).details,
          name: 'Drill',
          unitPrice: '10.00',
          reorderLevel: 0,
          initialStock: 0,
          movementId: 'm-1',
        },
      },
    ],
  });

  it('dates the events at the time the request came in', () => {
    const { events } = decideRequest(registered, ITEM, { context: context('2026-03-01T10:00:01.000Z'), commands: [receive] });
    expect(events.map((event) => [event.version, event.occurredAt])).toEqual([[2, '2026-03-01T10:00:01.000Z']]);
  });

  // Two instances a millisecond apart: the command stamped by the slower clock still follows the item's last event.
  it('never dates an event before the item’s last one', () => {
    const { events } = decideRequest(registered, ITEM, { context: context('2026-03-01T10:00:00.499Z'), commands: [receive] });
    expect(events.map((event) => [event.version, event.occurredAt])).toEqual([[2, '2026-03-01T10:00:00.500Z']]);
  });
});
