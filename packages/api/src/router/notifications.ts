import { markNotificationsReadInput, notificationsInput, type UnreadCountView } from "@forum/contracts";
import { listNotifications, markRead, unreadCount } from "../services/notifications";
import { memberProcedure, router, sessionProcedure } from "../trpc";

// A member's own notifications: never cached (each member reads their own), and marking them read
// changes nothing any cached read shows.
export const notificationsRouter = router({
  list: sessionProcedure
    .meta({ cache: "never" })
    .input(notificationsInput)
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input.offset, input.limit)),

  unreadCount: sessionProcedure
    .meta({ cache: "never" })
    .query(async ({ ctx }): Promise<UnreadCountView> => ({ count: await unreadCount(ctx.db, ctx.user.id) })),

  markRead: memberProcedure
    .meta({ writes: ["notifications"] })
    .input(markNotificationsReadInput)
    .mutation(
      async ({ ctx, input }): Promise<UnreadCountView> => ({ count: await markRead(ctx.db, ctx.user.id, input.ids) }),
    ),
});
