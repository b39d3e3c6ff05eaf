// Where a post stands in each sort of the lists: the stored values the sorts order by, and the
// keys they compare. One place for it, used by the lists (pinned posts are ordered here) and by
// the read cache (a vote that does not move a post across a kept page keeps that page).
import type { PostSort } from "@forum/contracts";
import type { PostMove } from "../cache/placement";

/** The stored values a sort orders by (the posts table's columns). */
export type SortValues = {
  id: number;
  hotScore: number;
  createdAt: number;
  score: number;
  controversialScore: number;
  replyCount: number;
};

/** The columns of SortValues, to select or return. */
export const SORT_COLUMNS = ["id", "hotScore", "createdAt", "score", "controversialScore", "replyCount"] as const;

/** A post's place in a sort as a list of keys, compared left to right, each descending. */
export function sortKeys(post: SortValues, sortBy: PostSort): number[] {
  switch (sortBy) {
    case "hot":
      return [post.hotScore, post.id];
    case "new":
      return [post.createdAt, post.id];
    case "top":
      return [post.score, post.id];
    case "controversial":
      return [post.controversialScore, post.id];
    case "replies":
      return [post.replyCount, post.id];
    case "trending":
      return [post.score + 2 * post.replyCount, post.createdAt, post.id];
  }
}

/** Negative when `a` comes first in its sort (keys descending), positive when `b` does. */
export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const difference = (b[i] ?? 0) - (a[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The columns that place a post in the lists: its sort values, category, author and pin. */
export const POST_PLACE_FIELDS = [
  "id",
  "categoryId",
  "authorId",
  "pinned",
  "hotScore",
  "createdAt",
  "score",
  "controversialScore",
  "replyCount",
] as const;

/** POST_PLACE_FIELDS as columns of `posts`, for statements that join other tables. */
export const POST_PLACE_COLUMNS = POST_PLACE_FIELDS.map((field) => `posts.${field}` as const);

type PlaceRow = SortValues & { categoryId: number; authorId: number; pinned: number };

const sortValuesOf = (post: SortValues): SortValues => ({
  id: post.id,
  hotScore: post.hotScore,
  createdAt: post.createdAt,
  score: post.score,
  controversialScore: post.controversialScore,
  replyCount: post.replyCount,
});

/**
 * A write's move of one post: `before` as read under its row lock (POST_PLACE_COLUMNS), and the
 * sort values the write set (the others stay as they were).
 */
export function postMoveOf(before: PlaceRow, set: Partial<Omit<SortValues, "id">>): PostMove {
  const was = sortValuesOf(before);
  return {
    postId: before.id,
    categoryId: before.categoryId,
    authorId: before.authorId,
    pinned: before.pinned === 1,
    before: was,
    after: sortValuesOf({ ...was, ...set, id: was.id }),
  };
}
