/**
 * The reads of a cache's source that are under way, by key, so that callers who miss the cache
 * together wait for one read instead of sending one each (docs/architecture.md, "A request").
 *
 * A caller joins only a read begun in its own generation (the cache's count of the change notices
 * it has heard), so it never gets an answer from before a change it has heard of.
 */
export class ReadsUnderWay<K, V> {
  private readonly reads = new Map<K, { generation: number; value: Promise<V> }>();

  /** The read of `key` begun in `generation`, or else a new one, made by `read`. */
  join(key: K, generation: number, read: () => Promise<V>): Promise<V> {
    const underWay = this.reads.get(key);
    if (underWay?.generation === generation) return underWay.value;
    const value = read();
    this.reads.set(key, { generation, value });
    const done = () => {
      if (this.reads.get(key)?.value === value) this.reads.delete(key);
    };
    value.then(done, done);
    return value;
  }
}
