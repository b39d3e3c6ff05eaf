import {
  MESSAGES,
  risingStarsInput,
  updatePreferencesInput,
  updateProfileInput,
  userListInput,
  usernameInput,
} from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import { forbidden, notFound } from "../errors";
import { toCurrentUser } from "../services/mappers";
import { listPosts, withMyVotes } from "../services/posts";
import { loadPreferences, updatePreferences } from "../services/preferences";
import { listRepliesByAuthor, withMyReplyVotes } from "../services/replies";
import { risingStars } from "../services/reputation";
import { findUserByUsername, loadProfile, updateUserFields } from "../services/users";
import { memberProcedure, publicProcedure, router, sessionProcedure } from "../trpc";

export const usersRouter = router({
  /** Members who gained the most reputation in a time range (the Trending page's Rising Stars). */
  risingStars: publicProcedure
    .meta(cachePolicy(["votes", "users", "posts", "replies"], { sharedBy: "everyone", window: "minute" }))
    .input(risingStarsInput)
    .query(({ ctx, input }) => ctx.sharedAnswer(() => risingStars(ctx.db, input.timeRange, input.limit))),

  profile: publicProcedure
    .meta(cachePolicy(["users", "posts", "replies", "votes"], { sharedBy: "visitors" }))
    .input(usernameInput)
    .query(({ ctx, input }) =>
      // Email is private: only the member themselves and admins see it (members' answers are not kept).
      ctx.sharedAnswer(() =>
        loadProfile(ctx.db, input.username, (user) => ctx.user?.id === user.id || ctx.user?.role === "admin"),
      ),
    ),

  posts: publicProcedure
    .meta(cachePolicy(["posts", "replies", "votes", "users", "categories"], { sharedBy: "everyone", window: "minute" }))
    .input(userListInput)
    .query(async ({ ctx, input }) => {
      const page = await ctx.sharedAnswer(async () => {
        const user = await findUserByUsername(ctx.db, input.username);
        if (!user) throw notFound(MESSAGES.userNotFound);
        return listPosts(ctx.db, { sortBy: "new", authorId: user.id, offset: input.offset, limit: input.limit }, null);
      });
      return withMyVotes(ctx.db, ctx.user?.id ?? null, page);
    }),

  /** Reads replies, users, posts (cached for everyone); then the caller's own votes. */
  replies: publicProcedure
    .meta(cachePolicy(["replies", "votes", "users", "posts"]))
    .input(userListInput)
    .query(async ({ ctx, input }) => {
      const page = await ctx.sharedAnswer(async () => {
        const user = await findUserByUsername(ctx.db, input.username);
        if (!user) throw notFound(MESSAGES.userNotFound);
        return listRepliesByAuthor(ctx.db, user.id, input.offset, input.limit);
      });
      return withMyReplyVotes(ctx.db, ctx.user?.id ?? null, page);
    }),

  /** A member updates their own profile; admins may update anyone's. */
  update: memberProcedure
    .meta({ writes: ["users"] })
    .input(updateProfileInput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      if (ctx.user.id !== id && ctx.user.role !== "admin") throw forbidden(MESSAGES.ownProfileOnly);
      return toCurrentUser(await updateUserFields(ctx.db, id, changes));
    }),

  /** The caller's four preferences, defaults filled in. */
  preferences: sessionProcedure.meta({ cache: "never" }).query(({ ctx }) => loadPreferences(ctx.db, ctx.user.id)),

  /** Saves any of the four; answers all of them. "Show Profile in Posts" changes what posts show. */
  updatePreferences: memberProcedure
    .meta({ writes: ["preferences", "users"] })
    .input(updatePreferencesInput)
    .mutation(({ ctx, input }) => updatePreferences(ctx.db, ctx.user.id, input)),
});
