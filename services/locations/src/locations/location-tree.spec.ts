import type { LocationView } from '@inventory/contracts';
import { buildTree, parentProblem } from './location-tree.js';

// building ─ floor ─ room ─ shelf;  garage (a second root)
const parents = new Map<string, string | null>([
  ['building', null],
  ['floor', 'building'],
  ['room', 'floor'],
  ['shelf', 'room'],
  ['garage', null],
]);

describe('parentProblem', () => {
  it('accepts any existing location as the parent of a new one', () => {
    expect(parentProblem(parents, null, 'shelf')).toBeNull();
  });

  it('refuses a parent that is not one of the user’s locations', () => {
    expect(parentProblem(parents, 'room', 'elsewhere')).toBe('unknown-parent');
  });

  it('accepts moving a location under another branch or higher up', () => {
    expect(parentProblem(parents, 'room', 'garage')).toBeNull();
    expect(parentProblem(parents, 'shelf', 'building')).toBeNull();
  });

  it('refuses the location itself as its parent', () => {
    expect(parentProblem(parents, 'room', 'room')).toBe('cycle');
  });

  it('refuses a location below it, however deep', () => {
    expect(parentProblem(parents, 'floor', 'room')).toBe('cycle');
    expect(parentProblem(parents, 'building', 'shelf')).toBe('cycle');
  });
});

describe('buildTree', () => {
  const view = (id: string, parentLocationId: string | null): LocationView => ({
    id,
    name: id,
    code: id,
    type: 'Office',
    description: null,
    parentLocationId,
    userId: 'u',
    createdAt: '2026-01-01T00:00:00.000Z',
    itemCount: 0,
  });
  const shape = (nodes: ReturnType<typeof buildTree>): unknown =>
    nodes.map((n) => (n.children.length ? { [n.id]: shape(n.children) } : n.id));

  it('nests children under their parents in the given order', () => {
    const tree = buildTree([
      view('building', null),
      view('room-b', 'floor'),
      view('floor', 'building'),
      view('room-a', 'floor'),
      view('garage', null),
    ]);
    expect(shape(tree)).toEqual([{ building: [{ floor: ['room-b', 'room-a'] }] }, 'garage']);
  });

  it('makes a location whose parent is not in the list a root, so a filtered list hides no match', () => {
    expect(shape(buildTree([view('room', 'floor'), view('shelf', 'room')]))).toEqual([{ room: ['shelf'] }]);
  });
});
