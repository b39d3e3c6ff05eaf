// HTTP bodies of reads that are the same for every visitor, kept until a write changes what they
// show. A hit is answered before any context, session lookup, tRPC call or validation: measured
// with npm run bench, that pipeline cost more than the query itself once the read cache held the
// data. Which reads qualify, and what data they show, is each procedure's declared cache policy
// (packages/api/src/cache/policy.ts); an entry is served only while none of the kinds its
// procedures read was written since its computation started (and within the same minute, for
// reads over moving windows). The post page's body, which counts a view per request, is kept with
// a hole for its view count (countedBodies.ts).

import {
  type CacheCount,
  type CachePolicy,
  type CachePool,
  keptThrough,
  type Placement,
  type PostMove,
  placementOf,
  type ReadCache,
  type ReadScope,
  readScopeOf,
  sharesHttpBody,
  type ViewCounter,
} from "@forum/api";
import type { DataKind } from "@forum/db";
import type { FastifyRequest } from "fastify";
import { type CountedBody, countedBodyOf, fillCountedBody } from "./countedBodies";
import { carriesCredentials } from "./credentials";
import type { Bodies } from "./jsonBody";
import { cachePolicyOf } from "./procedures";

/**
 * What a request's answer depends on: the kinds its procedures read, and the minute if windowed.
 * `counted`: the one procedure counts a view per request (its body is kept with a hole).
 * `pool`: kept apart, at most `max` bodies of these procedures (CachePolicy.keptAtMost).
 * `scope`: the one procedure's answer is about one post for some kinds (CachePolicy.scope).
 */
export type Reads = {
  kinds: readonly DataKind[];
  windowed: boolean;
  counted: boolean;
  pool?: CachePool;
  scope?: ReadScope;
};

/** The data's state when an answer's computation started. */
export type Stamp = { version: number; minute: number };

type Entry = {
  kept: { bodies: Bodies } | { counted: CountedBody };
  bytes: number;
  reads: Reads;
  stamp: Stamp;
  /** A page of posts (its answer said so): kept through the writes that cannot change it. */
  placement?: Placement;
};

/**
 * The bodies a request computed; for a counted read also its answer, and how its door writes an
 * answer as a body (the hole for the view count is found in it).
 */
export type Computed<T extends Bodies = Bodies> = {
  bodies: T;
  answer?: unknown;
  serialize?: (answer: unknown) => string | undefined;
};

export class SharedAnswers {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** The keys of each pool's bodies, oldest first. */
  private readonly pools = new Map<string, Set<string>>();
  /** The keys of bodies with a placement. */
  private readonly placed = new Set<string>();

  private readonly count: CacheCount;

  /**
   * `maxBytes` bounds the memory the kept bodies take (the oldest go first); `kind` names these
   * bodies in the read cache's hit counts.
   */
  constructor(
    private readonly readCache: ReadCache,
    private readonly views: ViewCounter,
    private readonly maxBytes = 16 * 1024 * 1024,
    kind = "bodies",
  ) {
    this.count = readCache.counts.of(kind);
    readCache.watchMoves((moves) => this.keepThrough(moves));
  }

  /**
   * Before a vote or a reply counts: the pages of posts, current now, that its moves cannot
   * change (cache/placement.ts); the answer stamps them anew once the write has counted.
   */
  private keepThrough(moves: readonly PostMove[]): () => void {
    const survivors: Entry[] = [];
    for (const key of this.placed) {
      const entry = this.entries.get(key);
      if (!entry?.placement || !sameStamp(entry.stamp, this.stamp(entry.reads))) continue;
      if (keptThrough(entry.placement, moves)) survivors.push(entry);
    }
    return () => {
      for (const entry of survivors) entry.stamp = this.stamp(entry.reads);
    };
  }

  /**
   * What a request's answer reads, or null when it may differ per caller (a session, a
   * procedure without a shareable policy): such a request is never kept. `input`: the one
   * procedure's raw input, where the door has it, for a scoped policy (otherwise unscoped: kept
   * for less long, never longer).
   */
  readsOf(request: FastifyRequest, procedureNames: readonly string[], input?: () => unknown): Reads | null {
    if (request.method !== "GET" || carriesCredentials(request)) return null;
    const single = procedureNames.length === 1 ? cachePolicyOf(procedureNames[0] ?? "") : undefined;
    if (typeof single === "object" && single.countsARequest) {
      return { kinds: single.reads, windowed: single.window === "minute", counted: true };
    }
    const policies: CachePolicy[] = [];
    for (const name of procedureNames) {
      const policy = cachePolicyOf(name);
      if (!sharesHttpBody(policy)) return null;
      policies.push(policy);
    }
    // An answer that is the caller's own for this input (cache/policy.ts `ownAnswer`).
    if (input && policies.some((policy) => policy.ownAnswer?.(input()))) return null;
    const caps = policies.flatMap((policy) => (policy.keptAtMost === undefined ? [] : [policy.keptAtMost]));
    const [only] = policies;
    const scope = only?.scope && policies.length === 1 && input ? readScopeOf(only, input()) : undefined;
    return {
      kinds: [...new Set(policies.flatMap((policy) => policy.reads))],
      windowed: policies.some((policy) => policy.window === "minute"),
      counted: false,
      ...(caps.length > 0 ? { pool: { name: procedureNames.join(","), max: Math.min(...caps) } } : {}),
      ...(scope ? { scope } : {}),
    };
  }

  stamp(reads: Reads): Stamp {
    return {
      version: this.readCache.stampOf(reads.kinds, reads.scope),
      minute: reads.windowed ? Math.floor(this.readCache.now() / 60_000) : 0,
    };
  }

  /**
   * How every door answers a read it may share (REST, tRPC queries, pages, sitemaps): the bodies
   * kept under `key` while the data they show is unchanged, or `compute`'s, kept for the next
   * request when it says so. `reads` null: the answer is this caller's own (computed, never kept).
   */
  async serve<T extends Bodies>(
    key: string,
    reads: Reads | null,
    compute: () => Promise<(Computed<T> & { keep: boolean }) | null>,
  ): Promise<{ bodies: T | undefined; kept: boolean }> {
    if (reads === null) return { bodies: (await compute())?.bodies, kept: false };
    const kept = this.get<T>(key);
    if (kept) return { bodies: kept, kept: true };
    const stamp = this.stamp(reads);
    const computed = await compute();
    if (computed?.keep) this.set(key, reads, stamp, computed);
    return { bodies: computed?.bodies, kept: false };
  }

  /**
   * The kept bodies for `key`; a counted body counts this request's view and is filled in.
   * `T`: what the caller kept under that key (a page keeps its status with its bodies).
   */
  get<T extends Bodies = Bodies>(key: string): T | undefined {
    if (!this.readCache.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry || !sameStamp(entry.stamp, this.stamp(entry.reads))) {
      this.count.misses++;
      if (entry) this.remove(key);
      return undefined;
    }
    this.count.hits++;
    // Most recently used last: a burst of bodies asked for once (replies pages of old posts)
    // pushes out the other rarely read ones, never the hot lists.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return ("bodies" in entry.kept ? entry.kept.bodies : fillCountedBody(entry.kept.counted, this.views)) as T;
  }

  /** Keeps the bodies of an answer computed from the data as it was at `stamp`. */
  set(key: string, reads: Reads, stamp: Stamp, computed: Computed): void {
    if (!this.readCache.enabled) return;
    if (!sameStamp(stamp, this.stamp(reads))) return; // stale already
    const counted =
      reads.counted && computed.serialize ? countedBodyOf(computed.answer, computed.serialize) : undefined;
    if (reads.counted && !counted) return;
    const kept = counted ? { counted } : { bodies: computed.bodies };
    const bytes = counted ? counted.before.length + counted.after.length : computed.bodies.identity.length;
    if (bytes > this.maxBytes / 4) return;
    this.remove(key);
    const placement = counted ? undefined : placementOf(computed.answer);
    this.entries.set(key, { kept, bytes, reads, stamp, ...(placement ? { placement } : {}) });
    if (placement) this.placed.add(key);
    this.bytes += bytes;
    if (reads.pool) {
      const keys = this.poolKeys(reads.pool.name);
      keys.add(key);
      for (const oldest of keys) {
        if (keys.size <= reads.pool.max) break;
        this.remove(oldest);
      }
    }
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.placed.delete(key);
    this.bytes -= entry.bytes;
    if (entry.reads.pool) this.pools.get(entry.reads.pool.name)?.delete(key);
  }

  private poolKeys(name: string): Set<string> {
    let keys = this.pools.get(name);
    if (!keys) {
      keys = new Set();
      this.pools.set(name, keys);
    }
    return keys;
  }
}

const sameStamp = (a: Stamp, b: Stamp) => a.version === b.version && a.minute === b.minute;
