// Answers of hot reads, kept until a write changes what they show. Each kept answer remembers
// the kinds of data it read (declared by its procedure, see cache/policy.ts) and the versions of
// those kinds when its computation started; a write bumps the versions of the kinds it declares,
// so a vote drops what shows votes and leaves the categories and the ads. Writes of other app
// instances bump them too, when the database reports them (PostgreSQL's LISTEN, see the
// server's app.ts); while that channel is down nothing is kept at all. Promises are stored, so
// identical misses share one query.
import { DATA_KINDS, type DataKind } from "@forum/db";
import type { CachePool } from "../cache/policy";

type Entry = { kinds: readonly DataKind[]; stamp: number; value: Promise<unknown> };

export class ReadCache {
  private readonly versions = new Map<DataKind, number>(DATA_KINDS.map((kind) => [kind, 0]));
  /** Bumped when everything is stale at once (caching switched on or off, an unnamed write). */
  private epoch = 0;
  private readonly entries = new Map<string, Entry>();
  /** The pools' entries, by pool name (a key is in one store only). */
  private readonly pools = new Map<string, Map<string, Entry>>();
  /** Off until the server knows it hears every write (see `enabled`). */
  private keeping = false;

  /**
   * `freezeAnswers` (tests): kept answers are deep-frozen, so code that changes a shared
   * answer in place throws instead of showing one caller's data to the next.
   */
  constructor(
    private readonly maxEntries = 1000,
    private readonly freezeAnswers = false,
  ) {}

  /** Answers that read any of these kinds are stale from now on. */
  invalidate(kinds: readonly DataKind[]): void {
    for (const kind of kinds) this.versions.set(kind, (this.versions.get(kind) ?? 0) + 1);
    for (const store of [this.entries, ...this.pools.values()]) {
      for (const [key, entry] of store) {
        if (entry.kinds.some((kind) => kinds.includes(kind))) store.delete(key);
      }
    }
  }

  /** Every kept answer is stale (a write that does not say what it changed). */
  invalidateAll(): void {
    this.epoch += 1;
    this.entries.clear();
    this.pools.clear();
  }

  /**
   * Whether answers may be kept: false while other instances' writes could go unnoticed (the
   * channel that reports them is down). Either change makes every kept answer stale.
   */
  set enabled(keeping: boolean) {
    this.keeping = keeping;
    this.invalidateAll();
  }

  get enabled(): boolean {
    return this.keeping;
  }

  /**
   * The state of these kinds of data: it changes whenever one of them is written. An answer
   * computed when the stamp was S is current while the stamp is still S.
   */
  stampOf(kinds: readonly DataKind[]): number {
    let stamp = this.epoch;
    for (const kind of kinds) stamp += this.versions.get(kind) ?? 0;
    return stamp;
  }

  /** The answer kept under `key` while none of `kinds` was written, or `compute`'s (then kept). */
  get<T>(key: string, kinds: readonly DataKind[], compute: () => Promise<T>, pool?: CachePool): Promise<T> {
    if (!this.keeping) return compute();
    const store = pool ? this.poolStore(pool.name) : this.entries;
    const stamp = this.stampOf(kinds);
    const hit = store.get(key);
    if (hit && hit.stamp === stamp) return hit.value as Promise<T>;
    const value = this.freezeAnswers ? compute().then(deepFreeze) : compute();
    store.delete(key);
    if (store.size >= (pool ? pool.max : this.maxEntries)) {
      const oldest = store.keys().next().value;
      if (oldest !== undefined) store.delete(oldest);
    }
    store.set(key, { kinds, stamp, value });
    // A failed read is not kept.
    value.catch(() => {
      if (store.get(key)?.value === value) store.delete(key);
    });
    return value;
  }

  private poolStore(name: string): Map<string, Entry> {
    let store = this.pools.get(name);
    if (!store) {
      store = new Map();
      this.pools.set(name, store);
    }
    return store;
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
