// Hits and misses of the forum's caches, by kind of cache, for the metrics. Plain integer
// increments on the lookups: cheaper than anything that would switch them on and off.

export type CacheCount = { hits: number; misses: number };

export class CacheCounts {
  private readonly byKind = new Map<string, CacheCount>();

  /** The counts of one kind of cache ("answers", "answers:replies", "items:posts", "bodies"). */
  of(kind: string): CacheCount {
    let count = this.byKind.get(kind);
    if (!count) {
      count = { hits: 0, misses: 0 };
      this.byKind.set(kind, count);
    }
    return count;
  }

  entries(): IterableIterator<[string, CacheCount]> {
    return this.byKind.entries();
  }
}
