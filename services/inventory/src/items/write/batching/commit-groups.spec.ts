import { CommitGroups } from './commit-groups.js';

/** Commits that finish when the test says so, recording the groups they were given. */
function controlledCommits() {
  const groups: number[][] = [];
  const finish: (() => void)[] = [];
  const commit = (values: number[]) => {
    groups.push(values);
    return new Promise<PromiseSettledResult<string>[]>((resolve) =>
      finish.push(() =>
        resolve(
          values.map((value) =>
            value < 0 ? { status: 'rejected', reason: new Error(`bad ${value}`) } : { status: 'fulfilled', value: `ok ${value}` },
          ),
        ),
      ),
    );
  };
  return { groups, finish, commit };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('CommitGroups', () => {
  it('commits what arrives in one turn as one group, and what arrives meanwhile as the next', async () => {
    const { groups, finish, commit } = controlledCommits();
    const committer = new CommitGroups(commit, { maxSize: 10, maxRunning: 1 });
    const first = [1, 2, 3].map((n) => committer.submit(n));
    await turn();
    const second = [4, 5].map((n) => committer.submit(n));
    await turn();
    expect(groups).toEqual([[1, 2, 3]]);
    finish[0]();
    expect(await Promise.all(first)).toEqual(['ok 1', 'ok 2', 'ok 3']);
    await turn();
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    finish[1]();
    expect(await Promise.all(second)).toEqual(['ok 4', 'ok 5']);
  });

  it('caps the size of a group and the groups running at once', async () => {
    const { groups, finish, commit } = controlledCommits();
    const committer = new CommitGroups(commit, { maxSize: 2, maxRunning: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => committer.submit(n));
    await turn();
    expect(groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
    finish[0]();
    await turn();
    await turn();
    expect(groups).toEqual([[1, 2], [3, 4], [5]]);
    finish[1]();
    finish[2]();
    expect(await Promise.all(all)).toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4', 'ok 5']);
  });

  it('settles each member with its own outcome, and all of them when the commit itself fails', async () => {
    const { finish, commit } = controlledCommits();
    const committer = new CommitGroups(commit, { maxSize: 10, maxRunning: 1 });
    const outcomes = [1, -2].map((n) => committer.submit(n).catch((error: Error) => error.message));
    await turn();
    finish[0]();
    expect(await Promise.all(outcomes)).toEqual(['ok 1', 'bad -2']);

    const failing = new CommitGroups<number, string>(() => Promise.reject(new Error('database down')), { maxSize: 10, maxRunning: 1 });
    expect(await Promise.all([3, 4].map((n) => failing.submit(n).catch((error: Error) => error.message)))).toEqual([
      'database down',
      'database down',
    ]);
  });
});
