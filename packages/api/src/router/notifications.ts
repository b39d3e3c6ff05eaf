import { markNotificationsReadInput, notificationsInput } from "@forum/contracts";
import { listNotifications, markRead, unreadCount } from "../services/notifications";
import { memberProcedure, router, sessionProcedure } from "../trpc";

// A member's own notifications: never cached (each member reads their own), and marking them read
// changes nothing any cached read shows.
export const notificationsRouter = router({
  list: sessionProcedure
    .input(notificationsInput)
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input.offset, input.limit)),

  unreadCount: sessionProcedure.query(async ({ ctx }) => ({ count: await unreadCount(ctx.db, ctx.user.id) })),

  markRead: memberProcedure
    .meta({ keepsReadCache: true })
    .input(markNotificationsReadInput)
    .mutation(async ({ ctx, input }) => ({ count: await markRead(ctx.db, ctx.user.id, input.ids) })),
});
