import {
  type MarkAllReadView,
  MESSAGES,
  markAllReadViewSchema,
  markReadInput,
  READ_STATE_MESSAGES,
  readPositionInput,
  readPositionViewSchema,
} from "@forum/contracts";
import { answer } from "../describe";
import { markAllRead, markRead, readPosition } from "../services/readStates";
import { memberProcedure, router } from "../trpc";

// How far a member has read (issue 31). Each member's own: never kept, and their writes touch
// nothing any kept answer shows ("readStates"), so no one's cached lists are dropped by them; the
// lists add a member's reading on top of the shared answer per request (services/readStates.ts).
export const readStatesRouter = router({
  /** Where a discussion opens for the member: their first unread reply. */
  position: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/posts/:id/read", from: "none" },
      summary: "Where the signed-in member stands in a discussion: last reply read, first unread, how many unread",
      cache: "never",
    })
    .input(readPositionInput)
    .output(answer(readPositionViewSchema))
    .query(({ ctx, input }) => readPosition(ctx.db, ctx.user.id, input.id)),

  markRead: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/posts/:id/read" },
      summary:
        "Note the highest reply of a discussion the member has had on screen (0: opened, no reply yet); the position never moves back",
      failures: { 400: READ_STATE_MESSAGES.replyNotInPost, 404: MESSAGES.postNotFound },
      writes: ["readStates"],
    })
    .input(markReadInput)
    .output(answer(readPositionViewSchema))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.id, input.upTo)),

  markAllRead: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/read/all", from: "none" },
      summary: 'Mark every discussion read, and nothing posted so far "New" any more',
      writes: ["readStates"],
    })
    .output(answer(markAllReadViewSchema))
    .mutation(async ({ ctx }): Promise<MarkAllReadView> => ({ marked: await markAllRead(ctx.db, ctx.user.id) })),
});
