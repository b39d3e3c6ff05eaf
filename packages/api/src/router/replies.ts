import {
  createReplyInput,
  idInput,
  MESSAGES,
  messageViewSchema,
  type RepliesOfPost,
  repliesOfPostInput,
  repliesOfPostSchema,
  replyViewSchema,
  THROTTLES,
  updateReplyInput,
} from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { postAndCategoryScopes, postScope } from "../cache/scopes";
import { answer, withWait } from "../describe";
import { assertCanModify, isStaff } from "../permissions";
import { assertMayPost } from "../services/forumSettings";
import { withinNewAccountLimit } from "../services/limits";
import {
  deleteReply,
  findReplyOwner,
  findReplyView,
  listReplies,
  updateReply,
  withMyReplyVotes,
} from "../services/replies";
import { contentRecords, replyForLog } from "../staffLog/contentRecords";
import { asStaffAction, staffActor } from "../staffLog/record";
import { memberProcedure, publicProcedure, router } from "../trpc";

export const repliesRouter = router({
  /**
   * Oldest first; wrapped in an object as the original client expects. Every caller gets the
   * visitors' answer from the read cache (reads replies, users, posts); a member's own votes go on
   * top (reads votes). A post's replies and their votes are its own: a reply or vote elsewhere
   * leaves this answer kept.
   */
  byPost: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/posts/:postId/replies", from: "query" },
      summary: "The replies of a post, oldest first",
      failures: { 404: MESSAGES.postNotFound },
      ...cachePolicy(["replies", "votes", "users"], {
        sharedBy: "everyone",
        scope: { kinds: ["replies", "votes"], of: postScope },
        overlay: async ({ replies }: RepliesOfPost, ctx) => ({
          replies: await withMyReplyVotes(ctx.db, ctx.user?.id ?? null, replies),
        }),
      }),
    })
    .input(repliesOfPostInput)
    .output(answer(repliesOfPostSchema))
    .query(async ({ ctx, input }) => ({
      replies: await listReplies(ctx.db, input.postId, input.offset, input.limit),
    })),

  /** Writes replies, posts' reply counts and notifications; a locked post refuses members. */
  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/posts/:postId/replies", status: 201 },
      summary: "Reply to a post, or to one of its replies (replyToId); a locked post takes replies from staff only",
      failures: {
        400: MESSAGES.replyToOtherPost,
        403: [MESSAGES.discussionLocked, MESSAGES.confirmBeforePosting],
        404: MESSAGES.postNotFound,
        429: withWait((minutes) => MESSAGES.newAccountReplyLimit(THROTTLES.newAccountReplies.limit, minutes)),
      },
      writes: ["replies", "notifications", "throttles", "webhooks"],
      writesWithin: postAndCategoryScopes,
    })
    .input(createReplyInput)
    .output(answer(replyViewSchema))
    .mutation(async ({ ctx, input }) => {
      await assertMayPost(ctx.db, ctx.user);
      return withinNewAccountLimit(ctx, "reply", async () => {
        const { reply, move, notified } = await ctx.runWrite("createReply", {
          postId: input.postId,
          authorId: ctx.user.id,
          content: input.content,
          replyToId: input.replyToId,
          mayReplyWhenLocked: isStaff(ctx.user),
        });
        ctx.postMoved(move);
        ctx.announce({ type: "reply", postId: input.postId, replyId: reply.id, authorId: ctx.user.id });
        ctx.notified(notified);
        return reply;
      });
    }),

  /** Writes replies (content, editedAt) and notifications of new mentions. */
  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/replies/:id" },
      summary: "Edit a reply: its author, a moderator or an admin",
      failures: { 403: MESSAGES.notYours, 404: MESSAGES.replyNotFound },
      writes: ["replies", "notifications", "webhooks", "staffLog"],
    })
    .input(updateReplyInput)
    .output(answer(replyViewSchema))
    .mutation(async ({ ctx, input }) => {
      assertCanModify(ctx.user, (await findReplyOwner(ctx.db, input.id)).authorId);
      const { postId, notified } = await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
        const before = await replyForLog(trx, input.id);
        const result = await updateReply(trx, input.id, ctx.user.id, input.content);
        const after = await replyForLog(trx, input.id);
        return { result, records: before && after ? contentRecords.replyEdited(ctx.user.id, before, after) : [] };
      });
      ctx.announce({ type: "reply-edited", postId, replyId: input.id });
      ctx.notified(notified);
      return findReplyView(ctx.db, input.id, ctx.user.id);
    }),

  delete: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/replies/:id", from: "none" },
      summary: "Delete a reply: its author, a moderator or an admin",
      failures: { 403: MESSAGES.notYours, 404: MESSAGES.replyNotFound },
      writes: ["replies", "votes", "notifications", "webhooks", "staffLog"],
    })
    .input(idInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      const owner = await findReplyOwner(ctx.db, input.id);
      assertCanModify(ctx.user, owner.authorId);
      await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
        const reply = await replyForLog(trx, input.id);
        await deleteReply(trx, input.id);
        return { result: undefined, records: reply ? contentRecords.replyDeleted(ctx.user.id, reply) : [] };
      });
      ctx.announce({ type: "reply-deleted", postId: owner.postId, replyId: input.id });
      return { message: "Reply deleted successfully" };
    }),
});
