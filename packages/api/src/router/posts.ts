import {
  createPostInput,
  idInput,
  listPostsInput,
  MESSAGES,
  type PostView,
  slugInput,
  updatePostInput,
} from "@forum/contracts";
import { markCountedView } from "../cache/countedView";
import { placed } from "../cache/placement";
import { cachePolicy } from "../cache/policy";
import { categoryScope } from "../cache/scopes";
import { forbidden, notFound } from "../errors";
import { assertCanModify, isStaff } from "../permissions";
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
import { memberProcedure, publicProcedure, router } from "../trpc";

/**
 * A page of posts, sorted and filtered, each as `shape` makes it. Every caller gets the visitors'
 * answer from the read cache; a member's own votes go on top.
 */
function postListProcedure<T extends Pick<PostView, "id" | "myVote">>(shape: (post: PostView) => T) {
  return publicProcedure
    .meta(
      cachePolicy(POST_LIST_READS, {
        sharedBy: "everyone",
        window: "minute",
        // A category's list shows only its own posts' votes and replies (cache/scopes.ts).
        scope: { kinds: ["votes", "replies"], of: categoryScope },
      }),
    )
    .input(listPostsInput)
    .query(async ({ ctx, input }) => {
      // The feeds (no time range: home, category pages) show pinned posts first.
      const page = await ctx.sharedAnswer(async () => {
        const { posts, placement } = await listPostsPlaced(
          ctx.db,
          { ...input, pinnedFirst: input.timeRange === undefined },
          null,
          ctx.readCache.now(),
          ctx.readCache,
        );
        // Kept through the votes and replies that cannot change this page (cache/placement.ts).
        return placement ? placed(posts.map(shape), placement) : posts.map(shape);
      });
      return withMyVotes(ctx.db, ctx.user?.id ?? null, page);
    });
}

export const postsRouter = router({
  /** Whole posts: GET /api/posts (the spec's answer) and the admin screens. */
  list: postListProcedure((post) => post),

  /** The same list as cards, without the posts' text: what the web app's feeds show. */
  cards: postListProcedure(toPostCard),

  /** Reading a post counts a view (written in the background, shown at once). */
  bySlug: publicProcedure
    .meta(
      cachePolicy(["posts", "replies", "votes", "views", "users", "categories"], {
        sharedBy: "everyone",
        countsARequest: true,
      }),
    )
    .input(slugInput)
    .query(async ({ ctx, input }) => {
      // The post is cached as a visitor sees it; the views not yet written (this one included)
      // and the member's own vote are added per request.
      const cached = await ctx.sharedAnswer(async () => {
        const row = await ctx.views.readStored(() => findPostView(ctx.db, { slug: input.slug }, null));
        return row ? toPostView(row) : null;
      });
      if (!cached) throw notFound(MESSAGES.postNotFound);
      const post = markCountedView(
        { ...cached, views: cached.views + ctx.views.record(cached.id) },
        { postId: cached.id, storedViews: cached.views },
      );
      return (await withMyVotes(ctx.db, ctx.user?.id ?? null, [post]))[0] ?? post;
    }),

  create: memberProcedure
    .meta({ writes: ["posts", "notifications", "throttles"] })
    .input(createPostInput)
    .mutation(async ({ ctx, input }) => {
      // Only admins feature posts; a member's featured flag is ignored, never stored.
      const featured = ctx.user.role === "admin" && input.featured === true;
      return withinNewAccountLimit(ctx, "post", () =>
        ctx.runWrite("createPost", { authorId: ctx.user.id, draft: { ...input, featured } }),
      );
    }),

  /** Writes posts (and categories' post counts, notifications of new mentions). */
  update: memberProcedure
    .meta({ writes: ["posts", "notifications"] })
    .input(updatePostInput)
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
      await updatePost(ctx.db, id, ctx.user.id, { ...draft, featured });
      const row = await ctx.views.readStored(() => findPostView(ctx.db, { id }, ctx.user.id));
      if (!row) throw notFound(MESSAGES.postNotFound);
      return toPostView(row, ctx.views.pendingFor(id));
    }),

  delete: memberProcedure
    .meta({ writes: ["posts", "replies", "votes", "notifications"] })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      assertCanModify(ctx.user, (await findPostOwner(ctx.db, input.id)).authorId);
      await deletePost(ctx.db, input.id);
      ctx.views.discard(input.id);
      return { message: "Post deleted successfully" };
    }),
});
