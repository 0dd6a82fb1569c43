export interface CommitGroupsOptions {
  /** Most members in one group. */
  maxSize: number;
  /** Groups committing at once; what arrives meanwhile waits and goes in the next group. */
  maxRunning: number;
}

interface Member<T, R> {
  value: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: members submitted in the same turn of the event loop, or while the running groups
 * commit, are committed together by one call of `commit`. Alone a member waits only for that turn;
 * under load the groups grow with the load, and each statement, round trip and commit serves many.
 */
export class CommitGroups<T, R> {
  private pending: Member<T, R>[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    /** Commits a group; settles each member in the order given. */
    private readonly commit: (values: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly options: CommitGroupsOptions,
  ) {}

  submit(value: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ value, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.maxRunning || this.pending.length === 0) return;
    this.scheduled = true;
    // After this turn's I/O callbacks: requests that came in one read of the socket go together.
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < this.options.maxRunning && this.pending.length > 0) void this.run(this.pending.splice(0, this.options.maxSize));
    });
  }

  private async run(group: Member<T, R>[]): Promise<void> {
    this.running++;
    try {
      const results = await this.commit(group.map((member) => member.value));
      group.forEach((member, i) => {
        const result = results[i];
        if (result.status === 'fulfilled') member.resolve(result.value);
        else member.reject(result.reason);
      });
    } catch (error) {
      for (const member of group) member.reject(error);
    } finally {
      this.running--;
      this.schedule();
    }
  }
}
