// Answers of hot reads, kept until the next write anywhere. Invalidation is exact because
// every write to content goes through a mutation procedure or the view counter's flush, and
// each of those bumps the version (see trpc.ts and viewCounter.ts): an entry computed at an
// older version is never served. Writes of other app instances bump it too, when the database
// reports them (PostgreSQL's LISTEN, see the server's app.ts); while that report channel is down,
// nothing is kept at all. Promises are stored, so identical misses share one query.

type Entry = { version: number; value: Promise<unknown> };

export class ReadCache {
  private generation = 0;
  private contentGeneration = 0;
  private keptVersion = 0;
  private readonly entries = new Map<string, Entry>();
  /** Off until the server knows it hears every write (see `enabled`). */
  private keeping = false;

  constructor(private readonly maxEntries = 1000) {}

  /** Every cached answer is stale from now on. O(1): old entries are simply never served. */
  invalidate(): void {
    this.generation += 1;
    this.contentGeneration += 1;
  }

  /**
   * Only view counts changed (the view counter's flush, once a second while posts are read):
   * stale for every cached answer, but not for `contentVersion`'s readers.
   */
  invalidateViews(): void {
    this.generation += 1;
  }

  /**
   * Whether answers may be kept: false while other instances' writes could go unnoticed (the
   * channel that reports them is down). Either change makes every kept answer stale.
   */
  set enabled(keeping: boolean) {
    this.keeping = keeping;
    this.invalidate();
  }

  get enabled(): boolean {
    return this.keeping;
  }

  /** Bumped by every write: an answer computed at an older version is stale. */
  get version(): number {
    return this.generation;
  }

  /**
   * Bumped by every write but the view counter's: what server-rendered pages are kept by (the
   * server's pages.ts), so a read post's page is not rendered again every second. Their view
   * counts may lag by the views of the minute they are kept at most; the JSON reads' are exact.
   */
  get contentVersion(): number {
    return this.contentGeneration;
  }

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.keeping) return compute();
    // Entries of an older version are never served again: drop them all at once, so memory
    // holds one version's answers at most (and their serialised bodies, see jsonBody.ts).
    if (this.keptVersion !== this.generation) {
      this.entries.clear();
      this.keptVersion = this.generation;
    }
    const hit = this.entries.get(key);
    if (hit && hit.version === this.generation) return hit.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { version: this.generation, value });
    // A failed read is not kept.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
