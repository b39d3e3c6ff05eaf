// Posts: lists with every sort, single reads, writes that keep category counters right.
import {
  DEFAULT_TRENDING_RANGE,
  MESSAGES,
  OPTIONAL_POST_TEXT_FIELDS,
  type OptionalPostTextField,
  type PostCardView,
  type PostFields,
  type PostSort,
  type PostView,
  perOptionalPostText,
  TIME_RANGE_MS,
  type TimeRange,
} from "@forum/contracts";
import { summaryOf } from "@forum/contracts/plain-text";
import { type Database, type DataKind, type ForumDb, hotScore, inTransaction } from "@forum/db";
import { type SelectQueryBuilder, sql } from "kysely";
import type { Placement } from "../cache/placement";
import { badRequest, notFound } from "../errors";
import { queueWebhookEvent } from "../webhooks/queue";
import { iso, myVoteOf, toAuthor } from "./mappers";
import { notifyMentions } from "./notifications";
import { compareKeys, SORT_COLUMNS, sortKeys } from "./postOrder";
import type { ItemKinds, ReadCache } from "./readCache";
import { uniqueSlug } from "./slugs";

/** The one query shape every post read uses: post, author, category and the caller's vote. */
export function selectPosts(db: ForumDb, viewerId: number | null) {
  return db
    .selectFrom("posts")
    .innerJoin("users as author", "author.id", "posts.authorId")
    .innerJoin("categories as category", "category.id", "posts.categoryId")
    .leftJoin("votes as myVote", (join) =>
      join.onRef("myVote.postId", "=", "posts.id").on("myVote.userId", "=", viewerId ?? 0),
    )
    .select([
      "posts.id",
      "posts.slug",
      "posts.title",
      "posts.content",
      ...OPTIONAL_POST_TEXT_FIELDS.map((field) => `posts.${field}` as const),
      "posts.categoryId",
      "posts.authorId",
      "posts.featured",
      "posts.upvotes",
      "posts.downvotes",
      "posts.replyCount",
      "posts.views",
      "posts.pinned",
      "posts.locked",
      "posts.createdAt",
      "posts.updatedAt",
      "posts.editedAt",
      "author.username as authorUsername",
      "author.firstName as authorFirstName",
      "author.lastName as authorLastName",
      "author.profileImageUrl as authorProfileImageUrl",
      "author.preferences as authorPreferences",
      "category.name as categoryName",
      "category.slug as categorySlug",
      "category.color as categoryColor",
      "myVote.value as myVoteValue",
    ]);
}

type PostQueryRow = Awaited<ReturnType<ReturnType<typeof selectPosts>["executeTakeFirstOrThrow"]>>;

export function toPostView(row: PostQueryRow, unwrittenViews = 0): PostView {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    ...perOptionalPostText((field) => row[field]),
    summary: summaryOf(row.content, row.excerpt),
    categoryId: row.categoryId,
    category: { name: row.categoryName, slug: row.categorySlug, color: row.categoryColor },
    authorId: row.authorId,
    author: toAuthor(row),
    featured: row.featured === 1,
    votes: row.upvotes - row.downvotes,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    replyCount: row.replyCount,
    views: row.views + unwrittenViews,
    pinned: row.pinned === 1,
    locked: row.locked === 1,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    editedAt: row.editedAt === null ? null : iso(row.editedAt),
    myVote: myVoteOf(row.myVoteValue),
    // As a visitor sees it; a member's lists get theirs on top (services/readStates.ts).
    unreadCount: 0,
    isNew: false,
  };
}

/** A post as a card shows it: without its text, which lists of cards never show (PostCardView). */
export function toPostCard(post: PostView): PostCardView {
  const { content: _content, ...card } = post;
  for (const field of OPTIONAL_POST_TEXT_FIELDS) delete (card as Partial<PostView>)[field];
  return card;
}

/**
 * What a list of posts shows, as data kinds (cache/policy.ts): the posts and their counts of
 * replies and votes, their authors and their categories. Lists, member pages and searches are
 * kept until a write of one of these.
 */
export const POST_LIST_READS = [
  "posts",
  "replies",
  "votes",
  "users",
  "categories",
] as const satisfies readonly DataKind[];

/**
 * The caller's own votes on posts read without them (the answer every visitor shares, from the
 * read cache): one indexed query per page, so a member's lists are served from the cache too.
 */
export async function withMyVotes<T extends Pick<PostView, "id" | "myVote">>(
  db: ForumDb,
  viewerId: number | null,
  posts: T[],
): Promise<T[]> {
  if (viewerId === null || posts.length === 0) return posts;
  const votes = await db
    .selectFrom("votes")
    .select(["postId", "value"])
    .where("userId", "=", viewerId)
    .where(
      "postId",
      "in",
      posts.map((post) => post.id),
    )
    .execute();
  if (votes.length === 0) return posts;
  const valueByPost = new Map(votes.map((vote) => [vote.postId, vote.value]));
  return posts.map((post) =>
    valueByPost.has(post.id) ? { ...post, myVote: myVoteOf(valueByPost.get(post.id)) } : post,
  );
}

export type ListPostsOptions = {
  sortBy: PostSort;
  timeRange?: TimeRange | undefined;
  categoryId?: number | undefined;
  authorId?: number | undefined;
  /** Pinned posts (of the category, when one is given) first, then the others (the feeds). */
  pinnedFirst?: boolean | undefined;
  offset: number;
  limit: number;
};

type IdQuery = SelectQueryBuilder<Database, "posts", { id: number }>;

/** Orders post ids by a sort, each walking its own index (see migration 0001). */
function sorted(page: IdQuery, sortBy: PostSort): IdQuery {
  switch (sortBy) {
    case "hot":
      page = page.orderBy("posts.hotScore", "desc");
      break;
    case "new":
      page = page.orderBy("posts.createdAt", "desc");
      break;
    case "top":
      page = page.orderBy("posts.score", "desc");
      break;
    case "controversial":
      page = page.orderBy("posts.controversialScore", "desc");
      break;
    case "replies":
      page = page.orderBy("posts.replyCount", "desc");
      break;
    case "trending":
      page = page.orderBy(sql`posts.score + 2 * posts."replyCount"`, "desc").orderBy("posts.createdAt", "desc");
      break;
  }
  return page.orderBy("posts.id", "desc");
}

/**
 * The pinned posts of a feed, in the sort's order. They are found through the partial index that
 * holds only them (migration 0011) and ordered here: asked to order in SQL, the planner walks the
 * sort's own index over every post to skip the unpinned ones (181 ms for the home feed at
 * scale 1, on every recompute of the page).
 */
async function pinnedIds(page: IdQuery, sortBy: PostSort): Promise<number[]> {
  // A literal 1, not a parameter: both engines match a partial index's condition at planning.
  const pinned = await page
    .where("posts.pinned", "=", sql.lit(1))
    .select(["posts.hotScore", "posts.createdAt", "posts.score", "posts.controversialScore", "posts.replyCount"])
    .execute();
  const keyed = pinned.map((post) => ({ id: post.id, keys: sortKeys(post, sortBy) }));
  keyed.sort((a, b) => compareKeys(a.keys, b.keys));
  return keyed.map((post) => post.id);
}

/**
 * Two queries per page whatever its length or offset. The first walks the sort's own index
 * (see migration 0001) over the posts table alone and picks the page's ids; the second joins
 * author, category and the caller's vote for those ids only. Joining before the offset would
 * join every skipped row too (offset 5000 meant 5020 joins). "trending" ranks the posts of a
 * time range (a week by default) by net votes plus replies, each reply counting double:
 * discussion is the stronger signal.
 *
 * With `pinnedFirst` the list is the pinned posts, in the sort's order, followed by all the
 * others: one more query finds the pinned ones (pinnedIds), and the others' walk leaves them out
 * by id, so paging over the whole list stays exact.
 */
export async function listPosts(
  db: ForumDb,
  options: ListPostsOptions,
  viewerId: number | null,
  now = Date.now(),
  kept?: ReadCache,
): Promise<PostView[]> {
  return (await listPostsPlaced(db, options, viewerId, now, kept)).posts;
}

/**
 * listPosts, and with `kept` for a visitor also where the page stands in its sort (cache/
 * placement.ts), so that the read cache keeps it through the votes and replies that cannot
 * change it.
 */
export async function listPostsPlaced(
  db: ForumDb,
  options: ListPostsOptions,
  viewerId: number | null,
  now = Date.now(),
  kept?: ReadCache,
): Promise<{ posts: PostView[]; placement?: Placement }> {
  let page: IdQuery = db.selectFrom("posts").select("posts.id");
  if (options.categoryId !== undefined) page = page.where("posts.categoryId", "=", options.categoryId);
  if (options.authorId !== undefined) page = page.where("posts.authorId", "=", options.authorId);
  const range = options.timeRange ?? (options.sortBy === "trending" ? DEFAULT_TRENDING_RANGE : undefined);
  if (range) page = page.where("posts.createdAt", ">=", now - TIME_RANGE_MS[range]);

  let ids: number[];
  // The posts of the page that the sort orders (all but the pinned ones on a feed).
  let sortedIds: number[];
  if (options.pinnedFirst) {
    const pinned = await pinnedIds(page, options.sortBy);
    const fromPinned = pinned.slice(options.offset, options.offset + options.limit);
    const othersLimit = options.limit - fromPinned.length;
    let others: number[] = [];
    if (othersLimit > 0) {
      let rest = page;
      if (pinned.length > 0) rest = rest.where("posts.id", "not in", pinned);
      others = (
        await sorted(rest, options.sortBy)
          .limit(othersLimit)
          .offset(Math.max(0, options.offset - pinned.length))
          .execute()
      ).map((row) => row.id);
    }
    ids = [...fromPinned, ...others];
    sortedIds = others;
  } else {
    ids = (await sorted(page, options.sortBy).limit(options.limit).offset(options.offset).execute()).map(
      (row) => row.id,
    );
    sortedIds = ids;
  }
  const placement = kept && viewerId === null ? await placementOf(db, options, ids, sortedIds) : undefined;
  if (ids.length === 0) return { posts: [], ...(placement ? { placement } : {}) };
  const fetch = async (missing: number[]) => {
    const rows = await selectPosts(db, viewerId).where("posts.id", "in", missing).execute();
    return new Map(rows.map((row) => [row.id, toPostView(row)]));
  };
  // As a visitor sees them, the posts' rows are kept one by one (ReadCache.items).
  const byId = kept && viewerId === null ? await kept.items(POST_ITEMS, ids, fetch, now) : await fetch(ids);
  const posts = ids.flatMap((id) => {
    const post = byId.get(id);
    return post ? [post] : [];
  });
  return placement ? { posts, placement } : { posts };
}

/** The page's placement: what it shows, and the sort values of its first and last sorted posts. */
async function placementOf(
  db: ForumDb,
  options: ListPostsOptions,
  ids: number[],
  sortedIds: number[],
): Promise<Placement | undefined> {
  const [firstId, lastId] = [sortedIds[0], sortedIds[sortedIds.length - 1]];
  const bounds =
    firstId === undefined || lastId === undefined
      ? []
      : await db
          .selectFrom("posts")
          .select([...SORT_COLUMNS])
          .where("id", "in", [firstId, lastId])
          .execute();
  const first = bounds.find((post) => post.id === firstId);
  const last = bounds.find((post) => post.id === lastId);
  // A post of the page deleted meanwhile: no placement, the page is dropped by the next write.
  if (sortedIds.length > 0 && (!first || !last)) return undefined;
  return {
    sortBy: options.sortBy,
    categoryId: options.categoryId,
    authorId: options.authorId,
    pinnedFirst: options.pinnedFirst === true,
    shown: new Set(ids),
    first,
    last,
  };
}

/**
 * A post as lists show it, kept by id: it shows its votes and its reply count (written within
 * the post: a vote or a reply elsewhere keeps it), its text, author and category (any such write
 * drops it), and its views (a minute old at most, as the lists' own policy says).
 */
const POST_ITEMS: ItemKinds = {
  name: "post",
  reads: ["posts", "replies", "votes", "users", "categories"],
  scoped: ["replies", "votes"],
  minute: true,
};

export async function findPostView(
  db: ForumDb,
  where: { slug: string } | { id: number },
  viewerId: number | null,
): Promise<PostQueryRow | undefined> {
  const query = selectPosts(db, viewerId);
  return "slug" in where
    ? query.where("posts.slug", "=", where.slug).executeTakeFirst()
    : query.where("posts.id", "=", where.id).executeTakeFirst();
}

export async function findPostOwner(db: ForumDb, id: number) {
  const post = await db
    .selectFrom("posts")
    .select(["id", "authorId", "categoryId", "pinned", "locked"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!post) throw notFound(MESSAGES.postNotFound);
  return post;
}

async function assertCategoryExists(db: ForumDb, categoryId: number) {
  const category = await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!category) throw badRequest(MESSAGES.categoryNotFound);
}

/** A new post's fields (createPostInput's), featured decided by the caller's role. */
export type PostDraft = PostFields & { featured: boolean };

/** A new post: its id, and the members its mentions told. */
export async function createPost(
  db: ForumDb,
  authorId: number,
  draft: PostDraft,
  now = Date.now(),
): Promise<{ id: number; notified: number[] }> {
  return inTransaction(db, async (trx) => {
    await assertCategoryExists(trx, draft.categoryId);
    const post = await trx
      .insertInto("posts")
      .values({
        slug: await uniqueSlug(trx, "posts", draft.title),
        title: draft.title,
        content: draft.content,
        ...perOptionalPostText((field) => draft[field] ?? null),
        categoryId: draft.categoryId,
        authorId,
        featured: draft.featured ? 1 : 0,
        hotScore: hotScore(0, 0, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("categories")
      .set((eb) => ({ postCount: eb("postCount", "+", 1) }))
      .where("id", "=", draft.categoryId)
      .execute();
    const notified = await notifyMentions(
      trx,
      { postId: post.id, replyId: null, actorId: authorId, content: draft.content },
      now,
    );
    await queueWebhookEvent(trx, "post.created", () => visitorPostView(trx, post.id), now);
    return { id: post.id, notified };
  });
}

export type PostUpdate = Omit<PostDraft, "featured"> & {
  /** Undefined (not sent, or not the caller's to change): the stored value stays. */
  featured: boolean | undefined;
  pinned?: boolean | undefined;
  locked?: boolean | undefined;
};

/**
 * Replaces a post's fields; the slug stays so links keep working. `featured`, `pinned`, `locked`
 * or an optional text field (the excerpt) undefined (not sent) keeps the stored value; one sent
 * blank or null clears it. A changed title, text or optional text marks the post edited (editedAt); pinning, locking,
 * featuring or moving it does not. Members the new text mentions for the first time are told,
 * as from `editorId`; answers who they are.
 */
export async function updatePost(
  db: ForumDb,
  id: number,
  editorId: number,
  draft: PostUpdate,
  now = Date.now(),
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const post = await trx
      .selectFrom("posts")
      .select(["categoryId", "title", "content", ...OPTIONAL_POST_TEXT_FIELDS])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!post) throw notFound(MESSAGES.postNotFound);
    if (post.categoryId !== draft.categoryId) {
      await assertCategoryExists(trx, draft.categoryId);
      await trx
        .updateTable("categories")
        .set((eb) => ({ postCount: eb("postCount", "-", 1) }))
        .where("id", "=", post.categoryId)
        .execute();
      await trx
        .updateTable("categories")
        .set((eb) => ({ postCount: eb("postCount", "+", 1) }))
        .where("id", "=", draft.categoryId)
        .execute();
    }
    const sentTexts = sentOptionalTexts(draft);
    const edited =
      post.title !== draft.title ||
      post.content !== draft.content ||
      Object.entries(sentTexts).some(([field, value]) => value !== post[field as OptionalPostTextField]);
    const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
    await trx
      .updateTable("posts")
      .set({
        title: draft.title,
        content: draft.content,
        ...sentTexts,
        categoryId: draft.categoryId,
        ...definedOnly({ featured: flag(draft.featured), pinned: flag(draft.pinned), locked: flag(draft.locked) }),
        updatedAt: now,
        ...(edited ? { editedAt: now } : {}),
      })
      .where("id", "=", id)
      .execute();
    const notified = await notifyMentions(
      trx,
      { postId: id, replyId: null, actorId: editorId, content: draft.content },
      now,
    );
    await queueWebhookEvent(trx, "post.updated", () => visitorPostView(trx, id), now);
    return notified;
  });
}

/** The optional text fields an edit sent (null: clear it); those it left out keep their value. */
function sentOptionalTexts(draft: PostUpdate): Partial<Record<OptionalPostTextField, string | null>> {
  const sent: Partial<Record<OptionalPostTextField, string | null>> = {};
  for (const field of OPTIONAL_POST_TEXT_FIELDS) if (draft[field] !== undefined) sent[field] = draft[field] ?? null;
  return sent;
}

/** The entries whose value is not undefined (an update's "leave it as it is"). */
function definedOnly<T extends Record<string, number | undefined>>(values: T): Partial<Record<keyof T, number>> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<
    Record<keyof T, number>
  >;
}

/** Deletes a post with its replies and votes (foreign-key cascades) and fixes the category count. */
export async function deletePost(db: ForumDb, id: number): Promise<void> {
  await inTransaction(db, (trx) => removePost(trx, id));
}

/** The post as a visitor's GET /api/posts/{slug} shows it: a webhook event's data. */
async function visitorPostView(db: ForumDb, id: number): Promise<PostView | undefined> {
  const row = await findPostView(db, { id }, null);
  return row && toPostView(row);
}

/** deletePost's work, inside a transaction the caller runs. */
export async function removePost(trx: ForumDb, id: number, now = Date.now()): Promise<void> {
  const post = await findPostOwner(trx, id);
  // The event carries the post as it was, read before it goes.
  await queueWebhookEvent(trx, "post.deleted", () => visitorPostView(trx, id), now);
  await trx.deleteFrom("posts").where("id", "=", id).execute();
  await trx
    .updateTable("categories")
    .set((eb) => ({ postCount: eb("postCount", "-", 1) }))
    .where("id", "=", post.categoryId)
    .execute();
}
