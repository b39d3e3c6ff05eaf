import {
  createPostInput,
  idInput,
  listPostsInput,
  MESSAGES,
  messageViewSchema,
  type PostView,
  postCardViewSchema,
  postViewSchema,
  slugInput,
  THROTTLES,
  updatePostInput,
} from "@forum/contracts";
import { z } from "zod";
import { markCountedView } from "../cache/countedView";
import { placed } from "../cache/placement";
import { cachePolicy } from "../cache/policy";
import { categoryScope } from "../cache/scopes";
import { answer, type ProcedureDescription, withWait } from "../describe";
import { forbidden, notFound, unauthorized } from "../errors";
import { assertCanModify, isStaff } from "../permissions";
import { assertMayPost } from "../services/forumSettings";
import { withinNewAccountLimit } from "../services/limits";
import {
  deletePost,
  findPostOwner,
  findPostView,
  listPostsPlaced,
  POST_LIST_READS,
  toPostCard,
  toPostView,
  updatePost,
  withMyVotes,
} from "../services/posts";
import { listUnreadPosts, withMyPart } from "../services/readStates";
import { contentRecords, postForLog } from "../staffLog/contentRecords";
import { asStaffAction, staffActor } from "../staffLog/record";
import { memberProcedure, publicProcedure, router } from "../trpc";

/** filter=unread asks for the caller's own list ("Unread"), which no one else may be served. */
const asksUnread = (input: unknown) =>
  typeof input === "object" && input !== null && (input as { filter?: unknown }).filter === "unread";

/**
 * A page of posts, sorted and filtered, each as `shape` makes it. Every caller gets the visitors'
 * answer from the read cache; a member's own votes and reading go on top. filter=unread is the
 * member's "Unread" list, computed for them alone.
 */
function postListProcedure<
  T extends Pick<PostView, "id" | "myVote" | "authorId" | "createdAt" | "unreadCount" | "isNew">,
>(shape: (post: PostView) => T, output: z.ZodType<T[]>, description: ProcedureDescription) {
  return publicProcedure
    .meta({
      ...description,
      ...cachePolicy(POST_LIST_READS, {
        sharedBy: "everyone",
        window: "minute",
        // A category's list shows only its own posts' votes and replies (cache/scopes.ts).
        scope: { kinds: ["votes", "replies"], of: categoryScope },
        overlay: (page: T[], ctx) => withMyPart(ctx.db, ctx.user?.id ?? null, page),
        ownAnswer: asksUnread,
      }),
    })
    .input(listPostsInput)
    .output(answer(output))
    .query(async ({ ctx, input }) => {
      if (input.filter === "unread") {
        if (!ctx.user) throw unauthorized(MESSAGES.notSignedIn);
        return (await listUnreadPosts(ctx.db, ctx.user.id, input.offset, input.limit)).map(shape);
      }
      // The feeds (no time range: home, category pages) show pinned posts first.
      const options = { ...input, pinnedFirst: input.timeRange === undefined };
      const { posts, placement } = await listPostsPlaced(ctx.db, options, null, ctx.readCache.now(), ctx.readCache);
      // Kept through the votes and replies that cannot change this page (cache/placement.ts).
      return placement ? placed(posts.map(shape), placement) : posts.map(shape);
    });
}

export const postsRouter = router({
  /** Whole posts: GET /api/posts (the spec's answer) and the admin screens. */
  list: postListProcedure((post) => post, z.array(postViewSchema), {
    rest: { method: "GET", path: "/api/posts", from: "query" },
    // filter=unread: sortBy, timeRange and categoryId do not apply (services/readStates.ts).
    summary:
      "Posts, sorted and filtered, with the caller's own votes, unread counts and New markers; filter=unread (members): discussions read before with unread replies, latest reply first",
    failures: { 401: MESSAGES.notSignedIn },
  }),

  /** The same list as cards, without the posts' text: what the web app's feeds show. */
  cards: postListProcedure(toPostCard, z.array(postCardViewSchema), {
    rest: "none",
    summary: "posts.list as cards: each post without its content and excerpt (a card shows the summary)",
  }),

  /** Reading a post counts a view (written in the background, shown at once). */
  bySlug: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/posts/:slug", from: "none" },
      summary: "One post; counts a view",
      failures: { 404: MESSAGES.postNotFound },
      ...cachePolicy(["posts", "replies", "votes", "views", "users", "categories"], {
        sharedBy: "everyone",
        countsARequest: true,
        // The views not yet written (this one included) and the member's own vote, per request.
        overlay: async (post: PostView, ctx) => {
          const counted = markCountedView(
            { ...post, views: post.views + ctx.views.record(post.id) },
            { postId: post.id, storedViews: post.views },
          );
          return (await withMyVotes(ctx.db, ctx.user?.id ?? null, [counted]))[0] ?? counted;
        },
      }),
    })
    .input(slugInput)
    .output(answer(postViewSchema))
    .query(async ({ ctx, input }) => {
      // As a visitor sees it, with the views stored so far (the overlay adds the rest).
      const row = await ctx.views.readStored(() => findPostView(ctx.db, { slug: input.slug }, null));
      if (!row) throw notFound(MESSAGES.postNotFound);
      return toPostView(row);
    }),

  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/posts", status: 201 },
      summary: "Start a discussion",
      failures: {
        400: MESSAGES.categoryNotFound,
        403: MESSAGES.confirmBeforePosting,
        429: withWait((minutes) => MESSAGES.newAccountPostLimit(THROTTLES.newAccountPosts.limit, minutes)),
      },
      writes: ["posts", "notifications", "throttles", "webhooks"],
    })
    .input(createPostInput)
    .output(answer(postViewSchema))
    .mutation(async ({ ctx, input }) => {
      // Only admins feature posts; a member's featured flag is ignored, never stored.
      const featured = ctx.user.role === "admin" && input.featured === true;
      await assertMayPost(ctx.db, ctx.user);
      return withinNewAccountLimit(ctx, "post", async () => {
        const { post, notified } = await ctx.runWrite("createPost", {
          authorId: ctx.user.id,
          draft: { ...input, featured },
        });
        ctx.notified(notified);
        return post;
      });
    }),

  /** Writes posts (and categories' post counts, notifications of new mentions). */
  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/posts/:id" },
      summary: "Edit a post: its author, a moderator or an admin; pin and lock: moderators and admins",
      failures: {
        400: MESSAGES.categoryNotFound,
        403: [MESSAGES.notYours, MESSAGES.pinLockModeratorsOnly],
        404: MESSAGES.postNotFound,
      },
      writes: ["posts", "notifications", "webhooks", "staffLog"],
    })
    .input(updatePostInput)
    .output(answer(postViewSchema))
    .mutation(async ({ ctx, input }) => {
      const { id, ...draft } = input;
      const owner = await findPostOwner(ctx.db, id);
      assertCanModify(ctx.user, owner.authorId);
      // Pinning and locking are for moderators and admins; a member's client may send them back
      // unchanged (as it read them), never changed.
      const changes = (sent: boolean | undefined, stored: number) => sent !== undefined && sent !== (stored === 1);
      if (!isStaff(ctx.user) && (changes(draft.pinned, owner.pinned) || changes(draft.locked, owner.locked))) {
        throw forbidden(MESSAGES.pinLockModeratorsOnly);
      }
      const featured = ctx.user.role === "admin" ? draft.featured : undefined;
      const notified = await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
        const before = await postForLog(trx, id);
        const result = await updatePost(trx, id, ctx.user.id, { ...draft, featured });
        const after = await postForLog(trx, id);
        return { result, records: before && after ? contentRecords.postEdited(ctx.user.id, before, after) : [] };
      });
      ctx.notified(notified);
      const row = await ctx.views.readStored(() => findPostView(ctx.db, { id }, ctx.user.id));
      if (!row) throw notFound(MESSAGES.postNotFound);
      const post = toPostView(row, ctx.views.pendingFor(id));
      ctx.announce({ type: "post", postId: id, locked: post.locked, pinned: post.pinned, deleted: false });
      return post;
    }),

  delete: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/posts/:id", from: "none" },
      summary: "Delete a post with its replies: its author, a moderator or an admin",
      failures: { 403: MESSAGES.notYours, 404: MESSAGES.postNotFound },
      writes: ["posts", "replies", "votes", "notifications", "webhooks", "staffLog"],
    })
    .input(idInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      assertCanModify(ctx.user, (await findPostOwner(ctx.db, input.id)).authorId);
      await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
        const post = await postForLog(trx, input.id);
        await deletePost(trx, input.id);
        return { result: undefined, records: post ? contentRecords.postDeleted(ctx.user.id, post) : [] };
      });
      ctx.views.discard(input.id);
      ctx.announce({ type: "post", postId: input.id, locked: false, pinned: false, deleted: true });
      return { message: "Post deleted successfully" };
    }),
});
