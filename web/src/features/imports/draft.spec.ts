import { describe, expect, it } from '@jest/globals';
import { readDraft, writeDraft, type ImportDraft } from './draft';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const draft: ImportDraft = {
  workspaceId: 'w1',
  upload: { id: 'i1', fileName: 'items.csv', columns: ['Name'], sampleRows: [['Drill']], rowCount: 1, suggestedMapping: { name: 'Name' } },
  mapping: { name: 'Name' },
  mode: 'create',
};

describe('the wizard draft', () => {
  it('comes back after a reload, in its own workspace only', () => {
    const storage = memoryStorage();
    writeDraft(draft, storage);
    expect(readDraft('w1', storage)).toEqual(draft);
    expect(readDraft('w2', storage)).toBeNull();
  });

  it('is gone once cleared, and ignored when unreadable', () => {
    const storage = memoryStorage();
    writeDraft(draft, storage);
    writeDraft(null, storage);
    expect(readDraft('w1', storage)).toBeNull();
    storage.setItem('import-wizard:draft', '{not json');
    expect(readDraft('w1', storage)).toBeNull();
    storage.setItem('import-wizard:draft', '{"upload":{}}');
    expect(readDraft('w1', storage)).toBeNull();
  });
});
