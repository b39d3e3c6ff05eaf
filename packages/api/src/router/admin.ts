import {
  type AbuseLimitsView,
  adminPageInput,
  adminUpdateUserInput,
  banUserInput,
  idInput,
  MESSAGES,
  NEW_ACCOUNT_PERIOD_MS,
  THROTTLES,
} from "@forum/contracts";
import { forbidden } from "../errors";
import { adminActivity, adminStats, listUsers, userStats } from "../services/admin";
import { toAdminUser } from "../services/mappers";
import { listPosts } from "../services/posts";
import { deleteUser, findUserById, setBanned, updateUserFields } from "../services/users";
import { adminProcedure, router } from "../trpc";

const RECENT = 5;

export const adminRouter = router({
  stats: adminProcedure.query(({ ctx }) => adminStats(ctx.db)),
  /** Posts, replies and new members per day over the last 30 days, for the dashboard chart. */
  activity: adminProcedure.query(({ ctx }) => adminActivity(ctx.db)),
  recentUsers: adminProcedure.query(async ({ ctx }) => (await listUsers(ctx.db, 0, RECENT)).map(toAdminUser)),
  recentPosts: adminProcedure.query(({ ctx }) =>
    listPosts(ctx.db, { sortBy: "new", offset: 0, limit: RECENT }, ctx.user.id),
  ),
  users: adminProcedure
    .input(adminPageInput)
    .query(async ({ ctx, input }) => (await listUsers(ctx.db, input.offset, input.limit)).map(toAdminUser)),
  userStats: adminProcedure.query(({ ctx }) => userStats(ctx.db)),
  /** The sign-in, sign-up and new-account limits, and whether this server enforces them. */
  limits: adminProcedure.query(
    ({ ctx }): AbuseLimitsView => ({
      enabled: ctx.throttles.enabled,
      newAccountPeriodMs: NEW_ACCOUNT_PERIOD_MS,
      throttles: THROTTLES,
    }),
  ),

  updateUser: adminProcedure
    .meta({ writes: ["users"] })
    .input(adminUpdateUserInput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      return toAdminUser(await updateUserFields(ctx.db, id, fields));
    }),

  /** Banning ends every session of the account at once. */
  setBanned: adminProcedure
    .meta({ writes: ["users", "sessions"] })
    .input(banUserInput)
    .mutation(async ({ ctx, input }) => {
      const user = await findUserById(ctx.db, input.id);
      if (input.banned && user.id === ctx.user.id) throw forbidden(MESSAGES.cannotBanSelf);
      if (input.banned && user.role === "admin") throw forbidden(MESSAGES.cannotBanAdmin);
      return toAdminUser(await setBanned(ctx.db, input.id, input.banned));
    }),

  deleteUser: adminProcedure
    .meta({ writes: ["users", "posts", "replies", "votes", "sessions", "notifications"] })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      await deleteUser(ctx.db, input.id);
      return { message: "User deleted successfully" };
    }),
});
