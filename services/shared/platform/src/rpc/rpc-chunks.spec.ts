import { lastValueFrom, toArray } from 'rxjs';
import { inChunks } from './rpc-chunks.js';

const chunksOf = <T>(items: T[], maxBytes: number) => lastValueFrom(inChunks(items, maxBytes).pipe(toArray()));

describe('inChunks', () => {
  it('splits a list into chunks no larger than the limit, in order', async () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ n: i, text: 'x'.repeat(20) }));
    const chunks = await chunksOf(items, 100);
    expect(chunks.flat()).toEqual(items);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(100);
  });

  it('sends a small list as one chunk', async () => {
    expect(await chunksOf([1, 2, 3], 1000)).toEqual([[1, 2, 3]]);
  });

  it('sends an empty list as one empty chunk', async () => {
    expect(await chunksOf([], 1000)).toEqual([[]]);
  });

  it('gives an item larger than the limit a chunk of its own', async () => {
    expect(await chunksOf(['a', 'x'.repeat(50), 'b'], 10)).toEqual([['a'], ['x'.repeat(50)], ['b']]);
  });
});
