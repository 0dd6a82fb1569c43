import { InventoryMessages as M, MAX_STOCK, WorkspaceMessages, type ItemEvent } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { decide, evolve } from './item.decider.js';
import { initialState, type ItemCommand, type ItemDetails, type ItemFact, type ItemState } from './item.js';

const ITEM = 'a1b2c3d4-0000-4000-8000-000000000001';
const SHELF = 'shelf';
const VAN = 'van';

/** Folds facts into a state the way the service does, with envelopes around them. */
function fold(facts: ItemFact[]): ItemState {
  return facts.reduce(
    (state, fact, i) =>
      evolve(state, {
        ...fact,
        id: `event-${i + 1}`,
        source: 'inventory',
        streamId: `item-${ITEM}`,
        version: i + 1,
        occurredAt: `2026-01-01T00:00:0${i % 10}.000Z`,
        metadata: { workspaceId: 'user-1', userId: 'user-1' },
      } as ItemEvent),
    initialState(ITEM),
  );
}

const given = (...facts: ItemFact[]) => ({
  when: (command: ItemCommand) => ({
    then: (expected: ItemFact[]) => expect(decide(command, fold(facts))).toEqual(expected),
    thenThrows: (code: ServiceError['code'], message: string) => {
      const error = catchError(() => decide(command, fold(facts)));
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code, message });
    },
  }),
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the command to be refused');
}

// ---- facts and commands ----
const details: ItemDetails = {
  name: 'Widget',
  sku: 'W-1',
  description: null,
  unitPrice: '2.50',
  categoryId: null,
  locationId: null,
  imageUrl: null,
  barcodes: [],
};
const registered = (over: Partial<ItemDetails & { reorderLevel: number; initialStock: number }> = {}): ItemFact => ({
  type: 'ItemRegistered',
  data: { itemId: ITEM, ...details, reorderLevel: 0, initialStock: 0, ...over },
});
const stock = (locations: [string | null, number][]) => ({
  total: locations.reduce((sum, [, q]) => sum + q, 0),
  locations: locations.map(([locationId, quantity]) => ({ locationId, quantity })),
});
const received = (quantity: number, locationId: string | null, after: [string | null, number][], movementId = 'm-in'): ItemFact => ({
  type: 'StockReceived',
  data: { itemId: ITEM, movementId, quantity, locationId, reason: 'delivery', stockAfter: stock(after) },
});
const transferred = (quantity: number, from: string | null, to: string | null, after: [string | null, number][]): ItemFact => ({
  type: 'StockTransferred',
  data: {
    itemId: ITEM,
    movementId: 'm-move',
    fromLocationId: from,
    toLocationId: to,
    quantity,
    reason: 'restock',
    stockAfter: stock(after),
  },
});
const archived: ItemFact = { type: 'ItemArchived', data: { itemId: ITEM } };

const register = (over: Partial<Extract<ItemCommand, { type: 'RegisterItem' }>['data']> = {}): ItemCommand => ({
  type: 'RegisterItem',
  data: { ...details, reorderLevel: 0, initialStock: 0, movementId: 'm-initial', ...over },
});
const receive = (quantity: number, locationId: string | null = null): ItemCommand => ({
  type: 'ReceiveStock',
  data: { quantity, locationId, reason: 'delivery', movementId: 'm-new' },
});
const issue = (quantity: number, locationId: string | null = null): ItemCommand => ({
  type: 'IssueStock',
  data: { quantity, locationId, reason: 'sale', movementId: 'm-new' },
});
const adjust = (newLevel: number, locationId: string | null = null): ItemCommand => ({
  type: 'AdjustStock',
  data: { newLevel, locationId, reason: 'count', movementId: 'm-new' },
});
const transfer = (quantity: number, fromLocationId: string | null, toLocationId: string | null): ItemCommand => ({
  type: 'TransferStock',
  data: { quantity, fromLocationId, toLocationId, reason: 'restock', movementId: 'm-new' },
});
/** By default the user who recorded every given movement ('user-1') asks, as a member. */
const undo = (targetMovementId: string, by = { actorUserId: 'user-1', mayUndoOthers: false }): ItemCommand => ({
  type: 'UndoMovement',
  data: { targetMovementId, movementId: 'm-undo', reason: 'mistake', ...by },
});

describe('registering an item', () => {
  it('records the item with reorder level 0 and no stock movement when no initial stock is given', () =>
    given().when(register()).then([registered()]));

  it('records the initial stock at the place the item is registered at', () =>
    given()
      .when(register({ initialStock: 7, locationId: 'shelf' }))
      .then([
        registered({ locationId: 'shelf', initialStock: 7 }),
        {
          type: 'StockReceived',
          data: {
            itemId: ITEM,
            movementId: 'm-initial',
            quantity: 7,
            locationId: 'shelf',
            reason: 'Initial stock',
            stockAfter: stock([['shelf', 7]]),
          },
        },
      ]));

  it('gives the initial stock the reason asked for (an import names its file)', () =>
    given()
      .when(register({ initialStock: 3, locationId: 'shelf', initialStockReason: 'Import stock.csv' }))
      .then([
        registered({ locationId: 'shelf', initialStock: 3 }),
        {
          type: 'StockReceived',
          data: {
            itemId: ITEM,
            movementId: 'm-initial',
            quantity: 3,
            locationId: 'shelf',
            reason: 'Import stock.csv',
            stockAfter: stock([['shelf', 3]]),
          },
        },
      ]));

  it('records the initial stock of an item with no place as a first "in" movement to the unassigned bucket', () =>
    given()
      .when(register({ initialStock: 7 }))
      .then([
        registered({ initialStock: 7 }),
        {
          type: 'StockReceived',
          data: {
            itemId: ITEM,
            movementId: 'm-initial',
            quantity: 7,
            locationId: null,
            reason: 'Initial stock',
            stockAfter: stock([[null, 7]]),
          },
        },
      ]));

  it('refuses to register the same item twice', () =>
    given(registered()).when(register()).thenThrows('CONFLICT', 'This item is already registered'));
});

describe('changing the details', () => {
  it('records only the fields that change', () =>
    given(registered())
      .when({ type: 'ChangeDetails', data: { changes: { name: 'Gadget', sku: 'W-1', unitPrice: '3.00' } } })
      .then([{ type: 'ItemDetailsChanged', data: { itemId: ITEM, changes: { name: 'Gadget', unitPrice: '3.00' } } }]));

  it('records nothing when nothing changes', () =>
    given(registered())
      .when({ type: 'ChangeDetails', data: { changes: { name: 'Widget' } } })
      .then([]));

  it('records a new list of barcodes, and nothing for the same list', () => {
    given(registered({ barcodes: ['4006381333931'] }))
      .when({ type: 'ChangeDetails', data: { changes: { barcodes: ['4006381333931', 'BOX-12'] } } })
      .then([{ type: 'ItemDetailsChanged', data: { itemId: ITEM, changes: { barcodes: ['4006381333931', 'BOX-12'] } } }]);
    given(registered({ barcodes: ['4006381333931'] }))
      .when({ type: 'ChangeDetails', data: { changes: { barcodes: ['4006381333931'] } } })
      .then([]);
  });

  it('reads items registered before barcodes existed as having none', () => {
    const { barcodes: _none, ...before } = (registered() as Extract<ItemFact, { type: 'ItemRegistered' }>).data;
    expect(fold([{ type: 'ItemRegistered', data: before }]).details.barcodes).toEqual([]);
  });
});

describe('setting the reorder level', () => {
  it('records the new level', () =>
    given(registered())
      .when({ type: 'SetReorderLevel', data: { reorderLevel: 5 } })
      .then([{ type: 'ReorderLevelSet', data: { itemId: ITEM, reorderLevel: 5 } }]));
});

describe('receiving stock ("in")', () => {
  it('adds the quantity at the location and records the stock after it per place', () =>
    given(registered(), received(4, null, [[null, 4]]))
      .when(receive(3, SHELF))
      .then([
        {
          type: 'StockReceived',
          data: {
            itemId: ITEM,
            movementId: 'm-new',
            quantity: 3,
            locationId: SHELF,
            reason: 'delivery',
            stockAfter: stock([
              [null, 4],
              [SHELF, 3],
            ]),
          },
        },
      ]));

  it('requires a quantity of at least 1', () => given(registered()).when(receive(0)).thenThrows('VALIDATION', M.quantityInvalid));

  it(`never lets an item hold more than ${MAX_STOCK} units`, () =>
    given(registered(), received(MAX_STOCK, null, [[null, MAX_STOCK]]))
      .when(receive(1))
      .thenThrows('VALIDATION', M.stockTooHigh));
});

describe('issuing stock ("out")', () => {
  it('removes the quantity', () =>
    given(registered(), received(5, null, [[null, 5]]))
      .when(issue(5))
      .then([
        {
          type: 'StockIssued',
          data: { itemId: ITEM, movementId: 'm-new', quantity: 5, locationId: null, reason: 'sale', stockAfter: stock([]) },
        },
      ]));

  it('never goes below zero', () =>
    given(registered(), received(3, null, [[null, 3]]))
      .when(issue(4))
      .thenThrows('INSUFFICIENT_STOCK', 'Insufficient stock: 3 available'));

  it('takes only from the given place, whatever the total', () =>
    given(registered(), received(9, SHELF, [[SHELF, 9]]))
      .when(issue(1, VAN))
      .thenThrows('INSUFFICIENT_STOCK', 'Insufficient stock: 0 available'));
});

describe('adjusting stock', () => {
  it('sets the new level at the place and records the difference', () =>
    given(registered(), received(10, null, [[null, 10]]))
      .when(adjust(6))
      .then([
        {
          type: 'StockAdjusted',
          data: {
            itemId: ITEM,
            movementId: 'm-new',
            locationId: null,
            newLevel: 6,
            delta: -4,
            reason: 'count',
            stockAfter: stock([[null, 6]]),
          },
        },
      ]));
});

describe('transferring stock between places', () => {
  it('moves the quantity in one event, leaving the total unchanged', () =>
    given(registered(), received(5, SHELF, [[SHELF, 5]]))
      .when(transfer(2, SHELF, VAN))
      .then(
        [
          transferred(2, SHELF, VAN, [
            [SHELF, 3],
            [VAN, 2],
          ]),
        ].map((f) => ({ ...f, data: { ...f.data, movementId: 'm-new' } }) as ItemFact),
      ));

  it('refuses to move more than is at the source', () =>
    given(registered(), received(5, SHELF, [[SHELF, 5]]))
      .when(transfer(6, SHELF, VAN))
      .thenThrows('INSUFFICIENT_STOCK', 'Insufficient stock: 5 available at the source location'));

  it('refuses a transfer to the same place', () =>
    given(registered(), received(5, SHELF, [[SHELF, 5]]))
      .when(transfer(1, SHELF, SHELF))
      .thenThrows('VALIDATION', M.sameLocation));
});

describe('undoing a movement', () => {
  it('records a compensating event that references the original', () =>
    given(registered(), received(5, SHELF, [[SHELF, 5]]))
      .when(undo('m-in'))
      .then([
        {
          type: 'MovementUndone',
          data: {
            itemId: ITEM,
            movementId: 'm-undo',
            undoneMovementId: 'm-in',
            changes: [{ locationId: SHELF, delta: -5 }],
            reason: 'mistake',
            stockAfter: stock([]),
          },
        },
      ]));

  it('reverses both places of a transfer', () =>
    given(
      registered(),
      received(5, SHELF, [[SHELF, 5]]),
      transferred(2, SHELF, VAN, [
        [SHELF, 3],
        [VAN, 2],
      ]),
    )
      .when(undo('m-move'))
      .then([
        {
          type: 'MovementUndone',
          data: {
            itemId: ITEM,
            movementId: 'm-undo',
            undoneMovementId: 'm-move',
            changes: [
              { locationId: SHELF, delta: 2 },
              { locationId: VAN, delta: -2 },
            ],
            reason: 'mistake',
            stockAfter: stock([[SHELF, 5]]),
          },
        },
      ]));

  it('refuses to undo the same movement twice', () => {
    const [undone] = decide(undo('m-in'), fold([registered(), received(5, null, [[null, 5]])]));
    given(registered(), received(5, null, [[null, 5]]), undone)
      .when(undo('m-in'))
      .thenThrows('CONFLICT', M.alreadyUndone);
  });

  it("refuses a member's undo of a movement someone else recorded; an owner or admin may", () => {
    const facts = [registered(), received(5, SHELF, [[SHELF, 5]])];
    given(...facts)
      .when(undo('m-in', { actorUserId: 'user-2', mayUndoOthers: false }))
      .thenThrows('FORBIDDEN', WorkspaceMessages.undoOthersForbidden);
    expect(decide(undo('m-in', { actorUserId: 'user-2', mayUndoOthers: true }), fold(facts))).toMatchObject([{ type: 'MovementUndone' }]);
  });

  it('refuses an undo that would leave negative stock', () =>
    given(registered(), received(5, null, [[null, 5]]), {
      type: 'StockIssued',
      data: { itemId: ITEM, movementId: 'm-out', quantity: 4, locationId: null, reason: 'sale', stockAfter: stock([[null, 1]]) },
    })
      .when(undo('m-in'))
      .thenThrows('INSUFFICIENT_STOCK', M.undoWouldGoNegative(1, 5)));

  it('refuses to undo an undo', () => {
    const [undone] = decide(undo('m-in'), fold([registered(), received(5, null, [[null, 5]])]));
    given(registered(), received(5, null, [[null, 5]]), undone)
      .when(undo('m-undo'))
      .thenThrows('CONFLICT', M.undoOfUndo);
  });

  it('answers 404 for a movement the item does not have', () =>
    given(registered()).when(undo('nope')).thenThrows('NOT_FOUND', M.movementNotFound));
});

describe('archiving', () => {
  it('records the item as archived', () => given(registered()).when({ type: 'ArchiveItem', data: {} }).then([archived]));

  it('treats an archived item as gone for every user command', () => {
    given(registered(), archived).when(receive(1)).thenThrows('NOT_FOUND', M.itemNotFound);
    given(registered(), archived).when({ type: 'ArchiveItem', data: {} }).thenThrows('NOT_FOUND', M.itemNotFound);
  });

  it('answers 404 for an item never registered', () => given().when(issue(1)).thenThrows('NOT_FOUND', M.itemNotFound));
});

describe('deleted categories and locations', () => {
  it('clears a deleted category from the items in it, and only from those', () => {
    given(registered({ categoryId: 'tools' }))
      .when({ type: 'DetachCategory', data: { categoryId: 'tools' } })
      .then([{ type: 'ItemDetailsChanged', data: { itemId: ITEM, changes: { categoryId: null }, reason: 'Category deleted' } }]);
    given(registered({ categoryId: 'paint' }))
      .when({ type: 'DetachCategory', data: { categoryId: 'tools' } })
      .then([]);
  });

  it('moves the stock held at a deleted location to unassigned and clears it as the home', () =>
    given(
      registered({ locationId: SHELF }),
      received(4, SHELF, [[SHELF, 4]]),
      received(
        1,
        null,
        [
          [null, 1],
          [SHELF, 4],
        ],
        'm-in-2',
      ),
    )
      .when({ type: 'DetachLocation', data: { locationId: SHELF, movementId: 'm-reloc' } })
      .then([
        { type: 'ItemDetailsChanged', data: { itemId: ITEM, changes: { locationId: null }, reason: 'Location deleted' } },
        {
          type: 'StockRelocated',
          data: {
            itemId: ITEM,
            movementId: 'm-reloc',
            fromLocationId: SHELF,
            quantity: 4,
            reason: 'Location deleted',
            stockAfter: stock([[null, 5]]),
          },
        },
      ]));
});

describe('folding events (evolve)', () => {
  it('takes the stock from the events and remembers which movement undid which', () => {
    const facts = [registered(), received(5, SHELF, [[SHELF, 5]])];
    const [undone] = decide(undo('m-in'), fold(facts));
    const state = fold([...facts, undone]);
    expect(state).toMatchObject({
      status: 'active',
      version: 3,
      stock: [],
      movements: { 'm-in': { undoneBy: 'm-undo' }, 'm-undo': { kind: 'undo' } },
    });
  });
});

describe('lots and expiry dates (docs/expiry.md)', () => {
  /** Decides the commands one after another, folding what each recorded: the state after, and the last facts. */
  function run(...commands: ItemCommand[]): { state: ItemState; facts: ItemFact[] } {
    let recorded: ItemFact[] = [registered()];
    let facts: ItemFact[] = [];
    for (const command of commands) {
      facts = decide(command, foldWithMovements(recorded));
      recorded = [...recorded, ...facts];
    }
    return { state: foldWithMovements(recorded), facts };
  }
  const foldWithMovements = (facts: ItemFact[]) => fold(facts);
  const receive = (
    quantity: number,
    lot: string | null,
    expiresOn: string | null,
    locationId: string | null = SHELF,
    movementId = `in-${lot}-${expiresOn}-${quantity}`,
  ): ItemCommand => ({
    type: 'ReceiveStock',
    data: { quantity, locationId, reason: 'delivery', movementId, lot, expiresOn },
  });
  const issue = (quantity: number, lot: string | null = null, locationId: string | null = SHELF): ItemCommand => ({
    type: 'IssueStock',
    data: { quantity, locationId, reason: 'sale', movementId: `out-${quantity}-${lot}`, lot },
  });
  const lotsOf = (state: ItemState) =>
    state.lots.map(({ locationId, lot, expiresOn, quantity }) => `${locationId}:${lot ?? '-'}:${expiresOn ?? '-'}=${quantity}`);

  it('keeps stock received with a lot or a date in that lot, and items without lots record no lots at all', () => {
    const { state, facts } = run(receive(5, 'A', '2027-03-01'));
    expect(lotsOf(state)).toEqual(['shelf:A:2027-03-01=5']);
    expect(facts[0].data).toMatchObject({ lotChanges: [{ locationId: SHELF, lot: 'A', expiresOn: '2027-03-01', delta: 5 }] });
    const plain = run(receive(5, null, null));
    expect(plain.state.lots).toEqual([]);
    expect(plain.facts[0].data).not.toHaveProperty('lotChanges');
    expect((plain.facts[0].data as { stockAfter: object }).stockAfter).not.toHaveProperty('lots');
  });

  it('issues the earliest expiry first, then loose stock, then lots without a date', () => {
    const { state, facts } = run(
      receive(4, null, null),
      receive(3, 'LATE', '2027-06-01'),
      receive(2, null, '2027-01-15'),
      receive(5, 'KEEP', null),
      issue(8),
    );
    // 2 of 2027-01-15, 3 of LATE, then 3 of the 4 loose; KEEP (no date) is untouched.
    expect(lotsOf(state)).toEqual(['shelf:KEEP:-=5']);
    expect(state.stock).toEqual([{ locationId: SHELF, quantity: 6 }]);
    expect(facts[0].data).toMatchObject({
      lotChanges: [
        { lot: null, expiresOn: '2027-01-15', delta: -2 },
        { lot: 'LATE', expiresOn: '2027-06-01', delta: -3 },
      ],
    });
  });

  it('issues from a named lot only, and refuses more than it holds there', () => {
    const { state } = run(receive(3, 'A', '2027-01-01'), receive(3, 'B', '2027-02-01'), issue(2, 'B'));
    expect(lotsOf(state)).toEqual(['shelf:A:2027-01-01=3', 'shelf:B:2027-02-01=1']);
    expect(() => run(receive(3, 'A', '2027-01-01'), receive(10, null, null), issue(4, 'A'))).toThrow(M.insufficientInLot('A', 3));
  });

  it('gives a lot name one expiry date: more of it inherits the date, another date is refused', () => {
    expect(lotsOf(run(receive(1, 'A', '2027-01-01'), receive(2, 'A', null, VAN)).state)).toEqual([
      'shelf:A:2027-01-01=1',
      'van:A:2027-01-01=2',
    ]);
    expect(() => run(receive(1, 'A', '2027-01-01'), receive(1, 'A', '2027-09-09'))).toThrow(M.lotExpiryMismatch('A', '2027-01-01'));
  });

  it('moves a named lot to another place with its date', () => {
    const transfer: ItemCommand = {
      type: 'TransferStock',
      data: { fromLocationId: SHELF, toLocationId: VAN, quantity: 2, reason: 'van', movementId: 'm-t', lot: 'B' },
    };
    const { state } = run(receive(3, 'A', '2027-01-01'), receive(3, 'B', '2027-02-01'), transfer);
    expect(lotsOf(state)).toEqual(['shelf:A:2027-01-01=3', 'shelf:B:2027-02-01=1', 'van:B:2027-02-01=2']);
    expect(state.stock).toEqual([
      { locationId: SHELF, quantity: 4 },
      { locationId: VAN, quantity: 2 },
    ]);
  });

  it('counts a named lot to its new level, and a count of the place takes a shortfall from the earliest expiry', () => {
    const countLot: ItemCommand = {
      type: 'AdjustStock',
      data: { newLevel: 1, locationId: SHELF, reason: 'count', movementId: 'm-c', lot: 'B' },
    };
    expect(lotsOf(run(receive(3, 'A', '2027-01-01'), receive(3, 'B', '2027-02-01'), countLot).state)).toEqual([
      'shelf:A:2027-01-01=3',
      'shelf:B:2027-02-01=1',
    ]);
    const countPlace: ItemCommand = { type: 'AdjustStock', data: { newLevel: 4, locationId: SHELF, reason: 'count', movementId: 'm-c' } };
    const { state } = run(receive(3, 'A', '2027-01-01'), receive(3, 'B', '2027-02-01'), countPlace);
    expect(lotsOf(state)).toEqual(['shelf:A:2027-01-01=1', 'shelf:B:2027-02-01=3']);
    expect(state.stock).toEqual([{ locationId: SHELF, quantity: 4 }]);
  });

  it('puts the opening stock into the lot the item is registered with', () => {
    const facts = decide(
      {
        type: 'RegisterItem',
        data: { ...details, locationId: SHELF, reorderLevel: 0, initialStock: 3, movementId: 'm-0', lot: 'A', expiresOn: '2027-01-01' },
      },
      initialState(ITEM),
    );
    expect(facts[0].data).not.toHaveProperty('lot');
    expect(lotsOf(fold(facts))).toEqual(['shelf:A:2027-01-01=3']);
  });

  it('refuses an expiry date on stock that does not come in', () => {
    const out: ItemCommand = {
      type: 'IssueStock',
      data: { quantity: 1, locationId: SHELF, reason: 'x', movementId: 'm', expiresOn: '2027-01-01' },
    };
    expect(() => run(receive(3, null, null), out)).toThrow(M.lotOnlyWhenStockComesIn);
  });

  it('undoes an issue by putting the lots back, and a receipt by taking back what is left of its lot', () => {
    const undo = (target: string): ItemCommand => ({
      type: 'UndoMovement',
      data: { targetMovementId: target, movementId: `undo-${target}`, reason: 'Undo', actorUserId: 'user-1', mayUndoOthers: true },
    });
    const issued = run(receive(3, 'A', '2027-01-01', SHELF, 'in-a'), receive(2, null, null), issue(4), undo('out-4-null'));
    expect(lotsOf(issued.state)).toEqual(['shelf:A:2027-01-01=3']);
    expect(issued.state.stock).toEqual([{ locationId: SHELF, quantity: 5 }]);
    // 2 of lot A were used since it came in: undoing the receipt of 3 takes the 1 left, and 2 loose.
    const received3 = run(receive(3, 'A', '2027-01-01', SHELF, 'in-a'), receive(5, null, null), issue(2, 'A'), undo('in-a'));
    expect(received3.state.lots).toEqual([]);
    expect(received3.state.stock).toEqual([{ locationId: SHELF, quantity: 3 }]);
  });

  it('moves a deleted place’s lots to the unassigned bucket with its stock', () => {
    const detach: ItemCommand = { type: 'DetachLocation', data: { locationId: SHELF, movementId: 'm-del' } };
    expect(lotsOf(run(receive(3, 'A', '2027-01-01'), detach).state)).toEqual(['null:A:2027-01-01=3']);
  });
});
