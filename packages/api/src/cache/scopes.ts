// The things a kept answer or a write can be confined to (ReadCache's scopes): one post ("post:7")
// and one category ("category:3"). A reply or a vote changes counts of one post, in one category:
// it drops that post's replies pages and rows, and that category's lists, but not the other
// posts' pages nor the other categories' lists (the forum-wide lists it may still change).
import type { ForumDb } from "@forum/db";

const positiveId = (value: unknown): number | undefined => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

const field = (input: unknown, name: string): unknown =>
  typeof input === "object" && input !== null ? (input as Record<string, unknown>)[name] : undefined;

/** An answer about one post (its replies): "post:<postId>" of a raw input, if it names one. */
export function postScope(input: unknown): string | undefined {
  const postId = positiveId(field(input, "postId"));
  return postId === undefined ? undefined : `post:${postId}`;
}

/** A list of one category's posts: "category:<categoryId>" of a raw input, if it names one. */
export function categoryScope(input: unknown): string | undefined {
  const categoryId = positiveId(field(input, "categoryId"));
  return categoryId === undefined ? undefined : `category:${categoryId}`;
}

/**
 * What a write on a post or on one of its replies (the raw input's `postId` or `replyId`) is
 * confined to: the post and its category, looked up after the write. Undefined (the write then
 * drops every answer of its kinds) when the input names neither or the post is gone.
 */
export async function postAndCategoryScopes(input: unknown, db: ForumDb): Promise<string[] | undefined> {
  const postId = positiveId(field(input, "postId"));
  const replyId = positiveId(field(input, "replyId"));
  const post =
    postId !== undefined
      ? await db.selectFrom("posts").select(["id", "categoryId"]).where("id", "=", postId).executeTakeFirst()
      : replyId !== undefined
        ? await db
            .selectFrom("replies")
            .innerJoin("posts", "posts.id", "replies.postId")
            .select(["posts.id", "posts.categoryId"])
            .where("replies.id", "=", replyId)
            .executeTakeFirst()
        : undefined;
  return post ? scopesOfPost(post.id, post.categoryId) : undefined;
}

/** The scopes of a write within one post: the post and its category. */
export function scopesOfPost(postId: number, categoryId: number): string[] {
  return [`post:${postId}`, `category:${categoryId}`];
}
