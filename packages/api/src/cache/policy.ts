// Caching as a declared layer. Every query procedure says in its meta whether its answer may be
// kept and, if so, the kinds of data it reads; every mutation says the kinds it writes. One
// middleware (trpc.ts) builds the keys from the procedure's path and input, keeps and serves the
// resolver's answers from the read cache (adding each request's own part, `overlay`), and drops
// what a mutation's kinds touch: the resolver itself knows nothing of the cache. A test walks the router and fails on
// a procedure that declares nothing (apps/server/test/cache-policy.test.ts).
import type { DataKind } from "@forum/db";
import type { Context } from "../context";
import type { ReadScope } from "../services/readCache";

/**
 * What each request adds on top of the kept answer (the caller's own votes, a counted view), on
 * the read connection; the kept answer itself is never changed.
 */
export type Overlay<T = never> = (answer: T, ctx: Context) => Promise<T> | T;

export type CachePolicy = {
  /** The kinds of data the answer shows: a write of any of them drops it. */
  reads: readonly DataKind[];
  /**
   * Who shares a kept answer.
   * - "everyone": the kept answer is what a visitor sees, and the resolver adds the caller's
   *   own part on top (a member's votes), so members are served from it too.
   * - "visitors": kept for callers without a session only; members' answers are computed
   *   (the answer shows something about the caller, such as their own email).
   */
  sharedBy: "everyone" | "visitors";
  /**
   * "minute": the answer also moves with the clock (this week's trending) or shows view
   * counts, which may be up to a minute behind in lists (the post page counts them exactly);
   * it is kept within the current minute only.
   */
  window?: "minute";
  /**
   * The resolver records something per request (reading a post counts a view), so the HTTP
   * body is never shared between requests although the data behind it is.
   */
  countsARequest?: true;
  /**
   * At most this many answers of the procedure are kept, apart from the others (both caches):
   * for a query whose input is free text (search), where nearly every answer is asked once. A
   * burst of them must neither push the hot lists' answers out nor hold hundreds of megabytes.
   */
  keptAtMost?: number;
  /**
   * The answer is about one thing (a post) as far as these kinds go: a write within another
   * thing's scope leaves it kept (services/readCache.ts). `of` names the thing from the raw input
   * (the REST door's strings or the tRPC door's numbers); undefined keeps the answer unscoped.
   */
  scope?: { kinds: readonly DataKind[]; of: (input: unknown) => string | undefined };
  /**
   * For the raw inputs it says yes to, the answer is the caller's own (a member's "Unread" list,
   * filter=unread): computed per request and never kept, in either cache, as if "never".
   */
  ownAnswer?: (input: unknown) => boolean;
  /**
   * With "everyone": the resolver computes what a visitor sees, and this adds each caller's own
   * part (their votes) per request, visitors included.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the answer's type is the procedure's, checked where the policy is declared (cachePolicy).
  overlay?: Overlay<any>;
};

/** Answers of one procedure kept apart from the rest, at most `max` of them (`keptAtMost`). */
export type CachePool = { name: string; max: number };

/** A query's policy: kept as declared, or "never" (answers per member, admin reads, cheap reads). */
export type QueryCache = CachePolicy | "never";

/** A query's `cache` meta; `T`: the answer an overlay receives and returns (the procedure's output). */
export function cachePolicy<T = never>(
  reads: readonly DataKind[],
  options: Omit<CachePolicy, "reads" | "overlay"> & { overlay?: Overlay<T> } = { sharedBy: "everyone" },
) {
  return { cache: { reads, ...options } satisfies CachePolicy };
}

/** The scope an answer of `policy` for this raw input belongs to, if any. */
export function readScopeOf(policy: CachePolicy, input: unknown): ReadScope | undefined {
  const id = policy.scope?.of(input);
  return id === undefined || !policy.scope ? undefined : { kinds: policy.scope.kinds, id };
}

/** The key of a kept answer: the procedure, its input (keys sorted) and the minute if windowed. */
export function cacheKeyOf(path: string, input: unknown, policy: CachePolicy, now = Date.now()): string {
  const window = policy.window === "minute" ? ` @${Math.floor(now / 60_000)}` : "";
  return `${path} ${stableJson(input)}${window}`;
}

/**
 * The raw input as a key: object keys sorted, so { a, b } and { b, a } share a key, and numbers
 * and booleans as text, so the REST door's query string (limit "5") and the tRPC door's JSON
 * (limit 5) share one kept answer, as the input schemas read both the same way.
 */
export function stableJson(value: unknown): string {
  if (value === undefined) return "";
  return JSON.stringify(value, (_key, child: unknown) => {
    if (typeof child === "number" || typeof child === "boolean") return String(child);
    if (child === null || typeof child !== "object" || Array.isArray(child)) return child;
    return Object.fromEntries(Object.entries(child).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** An HTTP body may be shared between visitors' requests of this procedure. */
export function sharesHttpBody(cache: QueryCache | undefined): cache is CachePolicy {
  return cache !== undefined && cache !== "never" && cache.countsARequest !== true;
}
