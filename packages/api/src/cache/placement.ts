// Kept lists that a write cannot change stay kept. A vote or a reply changes one post's counts
// and sort values; a kept page of a list that does not show that post changes only if the post
// crosses the page (from above it to below it, onto it, or off the other way). Each kept page
// knows what it shows (its Placement); each such write says which post it changed and its sort
// values before and after, read under the post's row lock in the write's own transaction (a
// PostMove). ReadCache and the kept HTTP bodies then keep the pages the move cannot change
// (issue 24: at 30 writes a second, nearly every vote is on an older post that is on no page).
//
// Exact: a page is kept only if the post is not on it and both its places, before and after,
// are on the same side of the page (above the page's first post or below its last), in the
// page's sort. Any doubt (a pinned post on a feed, a list that is not a page of posts, another
// instance's write, which names kinds only) drops the page as before.
import type { PostSort } from "@forum/contracts";
import { compareKeys, type SortValues, sortKeys } from "../services/postOrder";

/** A write's change to one post: where it stood in every sort before and after. */
export type PostMove = {
  postId: number;
  categoryId: number;
  authorId: number;
  pinned: boolean;
  before: SortValues;
  after: SortValues;
};

/** What a kept page of a post list shows, as far as a move can change it. */
export type Placement = {
  sortBy: PostSort;
  categoryId: number | undefined;
  authorId: number | undefined;
  /** Pinned posts come first (the feeds); `first` and `last` are then of the others. */
  pinnedFirst: boolean;
  /** Every post the page shows. */
  shown: ReadonlySet<number>;
  /** Sort values of the first and last posts shown that are ordered by the sort (not pinned first). */
  first: SortValues | undefined;
  last: SortValues | undefined;
};

const placements = new WeakMap<object, Placement>();

/** Marks a kept answer as the page `placement` describes, and returns it. */
export function placed<T extends object>(answer: T, placement: Placement): T {
  placements.set(answer, placement);
  return answer;
}

/** The placement of a kept answer, if it is a page of posts that said so. */
export function placementOf(answer: unknown): Placement | undefined {
  return typeof answer === "object" && answer !== null ? placements.get(answer) : undefined;
}

/** Whether the page stays as it is through every one of these moves. */
export function keptThrough(placement: Placement, moves: readonly PostMove[]): boolean {
  return moves.every((move) => keptThroughOne(placement, move));
}

function keptThroughOne(page: Placement, move: PostMove): boolean {
  if (page.shown.has(move.postId)) return false;
  // Not in the list at all: nothing on the page moves.
  if (page.categoryId !== undefined && page.categoryId !== move.categoryId) return true;
  if (page.authorId !== undefined && page.authorId !== move.authorId) return true;
  // Pinned posts on a feed are ordered apart from the rest; not worth the cases.
  if (page.pinnedFirst && move.pinned) return false;
  // The page shows no post of the sorted part (only pinned ones, or the list ended before it):
  // a move changes neither how many sorted posts come before it nor whether any is on it.
  if (page.first === undefined || page.last === undefined) return true;
  const before = sideOf(page, move.before);
  return before !== "on" && before === sideOf(page, move.after);
}

/** Where a post stands against the page's sorted part: before its first, after its last, or on it. */
function sideOf(page: Placement, values: SortValues): "above" | "below" | "on" {
  const keys = sortKeys(values, page.sortBy);
  if (page.first && compareKeys(keys, sortKeys(page.first, page.sortBy)) < 0) return "above";
  if (page.last && compareKeys(keys, sortKeys(page.last, page.sortBy)) > 0) return "below";
  return "on";
}
