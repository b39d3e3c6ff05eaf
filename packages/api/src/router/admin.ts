import {
  type AbuseLimitsView,
  ACCOUNT_DELETION_MESSAGES,
  abuseLimitsViewSchema,
  adminActivityDaySchema,
  adminDeleteUserInput,
  adminPageInput,
  adminResetLinkSchema,
  adminStatsSchema,
  adminUpdateUserInput,
  adminUserViewSchema,
  banUserInput,
  idInput,
  MESSAGES,
  messageViewSchema,
  NEW_ACCOUNT_PERIOD_MS,
  postViewSchema,
  THROTTLES,
  userStatsSchema,
} from "@forum/contracts";
import { z } from "zod";
import { answer } from "../describe";
import { forbidden } from "../errors";
import { ACCOUNT_DELETION_WRITES, deleteAccount } from "../services/accountDeletion";
import { adminActivity, adminStats, listUsers, userStats } from "../services/admin";
import { toAdminUser } from "../services/mappers";
import { issueResetLink, queueResetMail } from "../services/passwordReset";
import { listPosts } from "../services/posts";
import { findUserById, setBanned, updateUserFields } from "../services/users";
import { memberRecords } from "../staffLog/memberRecords";
import { asStaffAction, staffActor } from "../staffLog/record";
import { adminProcedure, router } from "../trpc";

const RECENT = 5;

export const adminRouter = router({
  stats: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/admin/stats", from: "none" }, summary: "Totals for the dashboard" })
    .output(answer(adminStatsSchema))
    .query(({ ctx }) => adminStats(ctx.db)),
  /** Posts, replies and new members per day over the last 30 days, for the dashboard chart. */
  activity: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/activity", from: "none" },
      summary: "Posts, replies and new members per day over the last 30 days",
    })
    .output(answer(z.array(adminActivityDaySchema)))
    .query(({ ctx }) => adminActivity(ctx.db)),
  recentUsers: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/admin/recent-users", from: "none" }, summary: "The newest members" })
    .output(answer(z.array(adminUserViewSchema)))
    .query(async ({ ctx }) => (await listUsers(ctx.db, 0, RECENT)).map(toAdminUser)),
  recentPosts: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/admin/recent-posts", from: "none" }, summary: "The newest posts" })
    .output(answer(z.array(postViewSchema)))
    .query(({ ctx }) => listPosts(ctx.db, { sortBy: "new", offset: 0, limit: RECENT }, ctx.user.id)),
  users: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/admin/users", from: "query" }, summary: "Every member, newest first" })
    .input(adminPageInput)
    .output(answer(z.array(adminUserViewSchema)))
    .query(async ({ ctx, input }) => (await listUsers(ctx.db, input.offset, input.limit)).map(toAdminUser)),
  userStats: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/user-stats", from: "none" },
      summary: "Member totals: active, banned, admins",
    })
    .output(answer(userStatsSchema))
    .query(({ ctx }) => userStats(ctx.db)),
  /** The sign-in, sign-up and new-account limits, and whether this server enforces them. */
  limits: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/limits", from: "none" },
      summary: "The sign-in, sign-up and new-account limits, and whether this server enforces them",
    })
    .output(answer(abuseLimitsViewSchema))
    .query(
      ({ ctx }): AbuseLimitsView => ({
        enabled: ctx.throttles.enabled,
        newAccountPeriodMs: NEW_ACCOUNT_PERIOD_MS,
        throttles: THROTTLES,
      }),
    ),

  updateUser: adminProcedure
    .meta({
      rest: { method: "PUT", path: "/api/admin/users/:id" },
      summary: "Edit a member's account and role",
      failures: {
        404: MESSAGES.userNotFound,
        409: [
          MESSAGES.usernameTaken,
          MESSAGES.emailTaken,
          MESSAGES.accountTaken,
          "Unban this account before making it an admin",
          "The forum needs at least one admin",
        ],
      },
      writes: ["users", "staffLog"],
    })
    .input(adminUpdateUserInput)
    .output(answer(adminUserViewSchema))
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      // A new address set here takes effect at once and counts as confirmed: the admin vouches for
      // it (they may be fixing a typo the member cannot confirm), and no mail goes out.
      const user = await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
        const before = await findUserById(trx, id);
        const after = await updateUserFields(trx, id, fields, { now: ctx.mail.now() });
        return { result: after, records: memberRecords.edited(before, after) };
      });
      return toAdminUser(user);
    }),

  /** Banning ends every session of the account at once. */
  setBanned: adminProcedure
    .meta({
      rest: { method: "PUT", path: "/api/admin/users/:id/ban" },
      summary: "Ban (ending every session) or unban a member",
      failures: { 403: [MESSAGES.cannotBanSelf, MESSAGES.cannotBanAdmin], 404: MESSAGES.userNotFound },
      writes: ["users", "sessions", "staffLog"],
    })
    .input(banUserInput)
    .output(answer(adminUserViewSchema))
    .mutation(async ({ ctx, input }) => {
      const user = await findUserById(ctx.db, input.id);
      if (input.banned && user.id === ctx.user.id) throw forbidden(MESSAGES.cannotBanSelf);
      if (input.banned && user.role === "admin") throw forbidden(MESSAGES.cannotBanAdmin);
      const banned = await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => ({
        result: await setBanned(trx, input.id, input.banned),
        records: memberRecords.banned(user, input.banned),
      }));
      // A banned member's streams close and come back hearing what a visitor hears (live/hub.ts).
      ctx.announce({ type: "access", userId: input.id });
      return toAdminUser(banned);
    }),

  /**
   * With SMTP, the account's reset mail is sent ("Send reset email"); without it, the admin gets
   * the one-time link to hand over ("Reset link"): the same token rules either way.
   */
  resetLink: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/admin/users/:id/reset-link", from: "none" },
      summary:
        "A member's password-reset link: mailed to them when SMTP is configured, else answered to the admin to hand over",
      failures: { 404: MESSAGES.userNotFound },
      writes: ["mail", "staffLog"],
    })
    .input(idInput)
    .output(answer(adminResetLinkSchema))
    .mutation(async ({ ctx, input }) => {
      const user = await findUserById(ctx.db, input.id);
      const byMail = ctx.mail.site.sending;
      // The link itself is a secret: the log says how it went, never what it was.
      const link = await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => ({
        result: byMail
          ? await queueResetMail(trx, ctx.mail, user).then(() => null)
          : await issueResetLink(trx, ctx.mail, user.id),
        records: [memberRecords.resetLink(user, byMail ? "mail" : "link")],
      }));
      if (byMail) {
        ctx.mail.wake();
        return { message: `Reset email sent to ${user.email}`, link: null };
      }
      return { message: `One-time reset link for ${user.username}: valid for 60 minutes`, link };
    }),

  /**
   * The same deletion as the member's own (services/accountDeletion.ts), with the same choice:
   * content=delete (the default, what this call always did) removes their posts and replies
   * too; content=keep leaves them, shown as written by "deleted member".
   */
  deleteUser: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/admin/users/:id" },
      summary:
        'Delete a member: with their posts and replies (content=delete, the default) or keeping them as written by "deleted member" (content=keep)',
      failures: { 403: MESSAGES.adminCannotBeDeleted, 404: MESSAGES.userNotFound },
      writes: [...ACCOUNT_DELETION_WRITES, "staffLog"],
    })
    .input(adminDeleteUserInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      await asStaffAction(ctx.db, staffActor(ctx.user), async (trx) => {
        const user = await findUserById(trx, input.id);
        await deleteAccount(trx, input.id, { content: input.content, by: "admin" }, ctx.mail.now());
        return { result: undefined, records: [memberRecords.deleted(user, input.content)] };
      });
      ctx.announce({ type: "access", userId: input.id });
      return { message: ACCOUNT_DELETION_MESSAGES.userDeleted };
    }),
});
