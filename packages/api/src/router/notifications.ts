import {
  markNotificationsReadInput,
  notificationsInput,
  notificationViewSchema,
  type UnreadCountView,
  unreadCountViewSchema,
} from "@forum/contracts";
import { z } from "zod";
import { answer } from "../describe";
import { listNotifications, markRead, unreadCount } from "../services/notifications";
import { memberProcedure, router, sessionProcedure } from "../trpc";

// A member's own notifications: never cached (each member reads their own), and marking them read
// changes nothing any cached read shows.
export const notificationsRouter = router({
  list: sessionProcedure
    .meta({
      rest: { method: "GET", path: "/api/notifications", from: "query" },
      summary: "The signed-in member's notifications, newest first",
      cache: "never",
    })
    .input(notificationsInput)
    .output(answer(z.array(notificationViewSchema)))
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input.offset, input.limit)),

  unreadCount: sessionProcedure
    .meta({
      rest: { method: "GET", path: "/api/notifications/unread-count", from: "none" },
      summary: "How many of the signed-in member's notifications are unread",
      cache: "never",
    })
    .output(answer(unreadCountViewSchema))
    .query(async ({ ctx }): Promise<UnreadCountView> => ({ count: await unreadCount(ctx.db, ctx.user.id) })),

  markRead: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/notifications/read" },
      summary: "Mark the given notifications read (all without ids); answers how many stay unread",
      writes: ["notifications"],
    })
    .input(markNotificationsReadInput)
    .output(answer(unreadCountViewSchema))
    .mutation(async ({ ctx, input }): Promise<UnreadCountView> => {
      const count = await markRead(ctx.db, ctx.user.id, input.ids);
      // The member's other tabs' bells.
      ctx.notified([ctx.user.id]);
      return { count };
    }),
});
