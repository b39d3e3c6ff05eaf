// Answers of hot reads, kept until a write changes what they show. Each kept answer remembers
// the kinds of data it read (declared by its procedure, see cache/policy.ts) and the state of
// those kinds when its computation started (its stamp); a write bumps the versions of the kinds
// it declares, so a vote drops what shows votes and leaves the categories and the ads. Writes of
// other app instances bump them too, when the database reports them (PostgreSQL's LISTEN, see the
// server's app.ts); while that channel is down nothing is kept at all.
//
// Scopes: an answer about one post (its replies) or one category (its lists) may say so
// (`ReadScope`), and a write that touched one post only says which, and its category
// (`invalidate(kinds, ["post:7", "category:3"])`): a reply to post 7 then drops post 7's replies
// pages, category 3's lists and the forum-wide lists (they show reply counts), but not post 9's
// replies pages nor category 4's lists.
// An answer without a scope is dropped by every write of its kinds, scoped or not; a write
// without a scope (another instance's, a bulk import) drops every answer of its kinds.
//
// Moves: a vote or a reply also says how it moved its post in the lists' sorts, and a kept page
// of a list that the move cannot change (the post is not on it and stays on the same side of
// it) is stamped anew instead of dropped, here and in the kept HTTP bodies (cache/placement.ts).
//
// One computation per answer at a time: readers who ask while it runs share it. A reader who
// asks after a write, while a computation that started before the write still runs, cannot use
// that one (it may miss the write); it waits for the next computation, which starts when the
// running one ends and is shared by every reader who arrives meanwhile. However many readers ask
// for a dropped answer at once, and however many writes land meanwhile, at most one computation
// per answer runs, and each reader gets one that started after it asked.
import { DATA_KINDS, type DataKind } from "@forum/db";
import { type CacheCount, CacheCounts } from "../cache/counts";
import { keptThrough, type PostMove, placementOf } from "../cache/placement";
import type { CachePool } from "../cache/policy";

/** The part of an answer's data that belongs to one thing (a post): `id` names it, e.g. "post:7". */
export type ReadScope = { kinds: readonly DataKind[]; id: string };

type Computation = { stamp: number; value: Promise<unknown>; settled: boolean; answer?: unknown };

type Entry = {
  kinds: readonly DataKind[];
  scope: ReadScope | undefined;
  /** The latest computation (running or done). */
  current: Computation;
  /** Readers who came after a write while `current` still ran: they share the next computation. */
  next?: { value: Promise<unknown>; start: () => void };
};

type Item = { stamp: number; minute: number; value: unknown };

/** What `items` keeps: things of one sort by id, each scoped to itself for some kinds. */
export type ItemKinds = {
  /** Names the store ("post"): keys are "<name> <id>". */
  name: string;
  reads: readonly DataKind[];
  /** The kinds each item is scoped to itself for; its scope is "<name>:<id>" ("post:7"). */
  scoped: readonly DataKind[];
  /** Kept within the current minute only (view counts in lists). */
  minute?: true;
};

/**
 * Asked before a write with moves is counted: finds the watcher's own answers those moves cannot
 * change, and returns what stamps them anew once the write has counted.
 */
export type MoveWatcher = (moves: readonly PostMove[]) => () => void;

/** Scoped versions kept at most; past this they start over (with every kept answer dropped). */
const MAX_SCOPED_VERSIONS = 100_000;

export class ReadCache {
  /** Hits and misses of this cache's answers (by pool) and items (by sort), and of the HTTP bodies kept with it. */
  readonly counts = new CacheCounts();
  private readonly answerCount = this.counts.of("answers");
  private readonly poolCounts = new Map<string, CacheCount>();
  /** Bumped by every write of a kind, scoped or not: what unscoped answers are stamped with. */
  private readonly versions = new Map<DataKind, number>(DATA_KINDS.map((kind) => [kind, 0]));
  /** Bumped by unscoped writes of a kind only: what scoped answers are stamped with, beside… */
  private readonly wideVersions = new Map<DataKind, number>(DATA_KINDS.map((kind) => [kind, 0]));
  /** …the versions of their own scope, "<kind> <scope id>", bumped by writes within it. */
  private readonly scopedVersions = new Map<string, number>();
  /** Bumped when everything is stale at once (caching switched on or off, an unnamed write). */
  private epoch = 0;
  /** Least recently used first. */
  private readonly entries = new Map<string, Entry>();
  /** The pools' entries, by pool name (a key is in one store only). */
  private readonly pools = new Map<string, Map<string, Entry>>();
  /** Items kept by id (`items`), least recently used first. */
  private readonly keptItems = new Map<string, Item>();
  /** Other caches that keep pages through moves (`watchMoves`). */
  private readonly watchers: MoveWatcher[] = [];
  /** Off until the server knows it hears every write (see `enabled`). */
  private keeping = false;

  /**
   * `freezeAnswers` (tests): kept answers are deep-frozen, so code that changes a shared
   * answer in place throws instead of showing one caller's data to the next.
   */
  private readonly maxItems: number;
  /** What time it is for answers kept within a minute (tests move it instead of waiting). */
  readonly now: () => number;

  constructor(
    private readonly maxEntries = 1000,
    private readonly freezeAnswers = false,
    options: { maxItems?: number; clock?: () => number } = {},
  ) {
    // The lists' posts: about 40 hot lists of 20, and the pages members reach from them.
    this.maxItems = options.maxItems ?? 1500;
    this.now = options.clock ?? Date.now;
  }

  /**
   * Answers that read any of these kinds are stale from now on; with `scopes`, the write touched
   * only those things' data of these kinds (a post and its category), and answers scoped to
   * other things stay.
   */
  invalidate(kinds: readonly DataKind[], scopes?: readonly string[], moves?: readonly PostMove[]): void {
    // Pages of posts the write cannot change (cache/placement.ts), here and in the watchers'
    // caches, are found while their stamps are current and stamped anew once the write counts.
    const survivors = moves && moves.length > 0 ? this.survivorsOf(moves) : new Set<Entry>();
    const restamps = moves && moves.length > 0 ? this.watchers.map((watcher) => watcher(moves)) : [];
    for (const kind of kinds) {
      this.versions.set(kind, (this.versions.get(kind) ?? 0) + 1);
      if (scopes === undefined) this.wideVersions.set(kind, (this.wideVersions.get(kind) ?? 0) + 1);
      else {
        for (const scope of scopes) {
          const key = `${kind} ${scope}`;
          this.scopedVersions.set(key, (this.scopedVersions.get(key) ?? 0) + 1);
        }
      }
    }
    if (this.scopedVersions.size > MAX_SCOPED_VERSIONS) this.invalidateAll();
    for (const store of [this.entries, ...this.pools.values()]) {
      for (const [key, entry] of store) {
        // A running computation stays where readers who come next find it (and wait for it).
        if (survivors.has(entry)) entry.current.stamp = this.stampOf(entry.kinds, entry.scope);
        else if (entry.current.settled && droppedBy(entry, kinds, scopes)) store.delete(key);
      }
    }
    for (const restamp of restamps) restamp();
  }

  /**
   * Another cache of answers (the HTTP bodies) that keeps pages through moves as this one does:
   * `watcher` is asked before a write with moves is counted, and its answer called after.
   */
  watchMoves(watcher: MoveWatcher): void {
    this.watchers.push(watcher);
  }

  /** Kept pages, current now, that these moves cannot change. */
  private survivorsOf(moves: readonly PostMove[]): Set<Entry> {
    const survivors = new Set<Entry>();
    for (const store of [this.entries, ...this.pools.values()]) {
      for (const entry of store.values()) {
        const { current } = entry;
        if (!current.settled || current.stamp !== this.stampOf(entry.kinds, entry.scope)) continue;
        const placement = placementOf(current.answer);
        if (placement && keptThrough(placement, moves)) survivors.add(entry);
      }
    }
    return survivors;
  }

  /** Every kept answer is stale (a write that does not say what it changed). */
  invalidateAll(): void {
    this.epoch += 1;
    this.scopedVersions.clear();
    this.entries.clear();
    this.pools.clear();
    this.keptItems.clear();
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
   * The state of these kinds of data (of `scope`'s thing, for its kinds): it changes whenever
   * a write may have changed the answer. An answer computed when the stamp was S is current
   * while the stamp is still S.
   */
  stampOf(kinds: readonly DataKind[], scope?: ReadScope): number {
    // The epoch is counted in millions so that clearing the scoped versions never brings a sum back.
    let stamp = this.epoch * 1_000_000_000;
    for (const kind of kinds) {
      if (scope?.kinds.includes(kind)) {
        stamp += (this.wideVersions.get(kind) ?? 0) + (this.scopedVersions.get(`${kind} ${scope.id}`) ?? 0);
      } else {
        stamp += this.versions.get(kind) ?? 0;
      }
    }
    return stamp;
  }

  /**
   * The answer kept under `key` while none of `kinds` was written (within `scope`, for its
   * kinds), or a computation of it that started after this call (then kept).
   */
  get<T>(
    key: string,
    kinds: readonly DataKind[],
    compute: () => Promise<T>,
    pool?: CachePool,
    scope?: ReadScope,
  ): Promise<T> {
    if (!this.keeping) return compute();
    const store = pool ? this.poolStore(pool.name) : this.entries;
    const count = pool ? this.poolCount(pool.name) : this.answerCount;
    const stamp = this.stampOf(kinds, scope);
    const entry = store.get(key);
    if (entry) {
      // Most recently used last: the hot answers are never the first to go.
      store.delete(key);
      store.set(key, entry);
      // A hit: the answer kept, or one computation shared with the callers already waiting.
      if (entry.current.stamp === stamp || entry.next) count.hits++;
      else count.misses++;
      if (entry.current.stamp === stamp) return entry.current.value as Promise<T>;
      if (entry.next) return entry.next.value as Promise<T>;
      if (!entry.current.settled) return this.afterCurrent(entry, compute) as Promise<T>;
    } else count.misses++;
    const fresh: Entry = { kinds, scope, current: this.start(kinds, scope, compute) };
    this.keep(store, key, fresh, pool ? pool.max : this.maxEntries);
    return fresh.current.value as Promise<T>;
  }

  /**
   * Things of one sort by id, each kept while its own data is unchanged: a list recomputed after
   * a vote reads its ids from the index and only the voted post's row (the others are kept).
   * `fetch` reads the ids not kept (stamped before it starts, as `get`); the answer has every id
   * `fetch` found.
   */
  async items<T>(
    kinds: ItemKinds,
    ids: readonly number[],
    fetch: (ids: number[]) => Promise<Map<number, T>>,
    now = this.now(),
  ): Promise<Map<number, T>> {
    if (!this.keeping) return fetch([...ids]);
    const minute = kinds.minute ? Math.floor(now / 60_000) : 0;
    const found = new Map<number, T>();
    const missing: number[] = [];
    const stamps = new Map<number, number>();
    for (const id of ids) {
      const key = `${kinds.name} ${id}`;
      const stamp = this.stampOf(kinds.reads, { kinds: kinds.scoped, id: `${kinds.name}:${id}` });
      const item = this.keptItems.get(key);
      if (item && item.stamp === stamp && item.minute === minute) {
        this.keptItems.delete(key);
        this.keptItems.set(key, item);
        found.set(id, item.value as T);
      } else {
        missing.push(id);
        stamps.set(id, stamp);
      }
    }
    const count = this.counts.of(`items:${kinds.name}`);
    count.hits += found.size;
    count.misses += missing.length;
    if (missing.length === 0) return found;
    const fetched = await fetch(missing);
    for (const [id, value] of fetched) {
      const kept = this.freezeAnswers ? deepFreeze(value) : value;
      found.set(id, kept);
      const key = `${kinds.name} ${id}`;
      this.keptItems.delete(key);
      this.keptItems.set(key, { stamp: stamps.get(id) ?? -1, minute, value: kept });
    }
    for (const oldest of this.keptItems.keys()) {
      if (this.keptItems.size <= this.maxItems) break;
      this.keptItems.delete(oldest);
    }
    return found;
  }

  /** Starts a computation stamped with the data's state now. */
  private start(kinds: readonly DataKind[], scope: ReadScope | undefined, compute: () => Promise<unknown>) {
    const stamp = this.stampOf(kinds, scope);
    const value = this.freezeAnswers ? compute().then(deepFreeze) : compute();
    const computation: Computation = { stamp, value, settled: false };
    value.then(
      (answer) => {
        computation.settled = true;
        computation.answer = answer;
      },
      () => {
        computation.settled = true;
      },
    );
    return computation;
  }

  /** The next computation of `entry`'s answer, which starts once the running one has ended. */
  private afterCurrent(entry: Entry, compute: () => Promise<unknown>): Promise<unknown> {
    let start!: () => void;
    const value = new Promise<unknown>((resolve, reject) => {
      start = () => {
        entry.next = undefined;
        entry.current = this.start(entry.kinds, entry.scope, compute);
        entry.current.value.then(resolve, reject);
      };
    });
    entry.next = { value, start };
    const startNext = () => entry.next?.start();
    entry.current.value.then(startNext, startNext);
    return value;
  }

  private keep(store: Map<string, Entry>, key: string, entry: Entry, max: number): void {
    store.delete(key);
    for (const oldest of store.keys()) {
      if (store.size < max) break;
      store.delete(oldest);
    }
    store.set(key, entry);
    // A failed read is not kept.
    entry.current.value.catch(() => {
      if (store.get(key) === entry && !entry.next) store.delete(key);
    });
  }

  private poolCount(name: string): CacheCount {
    let count = this.poolCounts.get(name);
    if (!count) {
      count = this.counts.of(`answers:${name}`);
      this.poolCounts.set(name, count);
    }
    return count;
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

/** Whether a write of `kinds` (within `scopes`, when given) may change `entry`'s answer. */
function droppedBy(entry: Entry, kinds: readonly DataKind[], scopes: readonly string[] | undefined): boolean {
  return entry.kinds.some((kind) => {
    if (!kinds.includes(kind)) return false;
    if (scopes === undefined || entry.scope === undefined || !entry.scope.kinds.includes(kind)) return true;
    return scopes.includes(entry.scope.id);
  });
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
