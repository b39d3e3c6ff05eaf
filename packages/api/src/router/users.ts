import {
  AVATAR_MAX_BYTES,
  avatarUploadInput,
  currentUserSchema,
  MESSAGES,
  type PostView,
  type ProfileReplyView,
  postCardViewSchema,
  postViewSchema,
  profileReplyViewSchema,
  profileViewSchema,
  risingStarSchema,
  risingStarsInput,
  THROTTLES,
  updatePreferencesInput,
  updateProfileInput,
  userListInput,
  usernameInput,
  userPreferencesSchema,
} from "@forum/contracts";
import { z } from "zod";
import { cachePolicy } from "../cache/policy";
import { answer, type ProcedureDescription, withWait } from "../describe";
import { forbidden, notFound, payloadTooLarge } from "../errors";
import { encodeAvatar, IMAGE_UPLOAD_FAILURES } from "../services/avatarImage";
import { removeAvatar, saveAvatar } from "../services/avatars";
import { requestEmailChange } from "../services/emailChange";
import { counted, throttle } from "../services/limits";
import { toCurrentUser } from "../services/mappers";
import { listPosts, POST_LIST_READS, toPostCard } from "../services/posts";
import { loadPreferences, updatePreferences } from "../services/preferences";
import { withMyPart } from "../services/readStates";
import { listRepliesByAuthor, withMyReplyVotes } from "../services/replies";
import { risingStars } from "../services/reputation";
import { findUserById, findUserByUsername, loadProfile, updateUserFields } from "../services/users";
import { memberProcedure, publicProcedure, router, sessionProcedure } from "../trpc";

/** A member's posts, newest first, each as `shape` makes it; the caller's own votes and reading on top. */
function memberPostsProcedure<
  T extends Pick<PostView, "id" | "myVote" | "authorId" | "createdAt" | "unreadCount" | "isNew">,
>(shape: (post: PostView) => T, output: z.ZodType<T[]>, description: ProcedureDescription) {
  return publicProcedure
    .meta({
      ...description,
      failures: { 404: MESSAGES.userNotFound },
      ...cachePolicy(POST_LIST_READS, {
        sharedBy: "everyone",
        window: "minute",
        overlay: (page: T[], ctx) => withMyPart(ctx.db, ctx.user?.id ?? null, page),
      }),
    })
    .input(userListInput)
    .output(answer(output))
    .query(async ({ ctx, input }) => {
      const user = await findUserByUsername(ctx.db, input.username);
      if (!user) throw notFound(MESSAGES.userNotFound);
      const options = { sortBy: "new", authorId: user.id, offset: input.offset, limit: input.limit } as const;
      return (await listPosts(ctx.db, options, null, ctx.readCache.now(), ctx.readCache)).map(shape);
    });
}

export const usersRouter = router({
  /** Members who gained the most reputation in a time range (the Trending page's Rising Stars). */
  risingStars: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/rising-stars", from: "query" },
      summary: "Members who gained the most reputation in a time range",
      ...cachePolicy(["votes", "users", "posts", "replies"], { sharedBy: "everyone", window: "minute" }),
    })
    .input(risingStarsInput)
    .output(answer(z.array(risingStarSchema)))
    .query(({ ctx, input }) => risingStars(ctx.db, input.timeRange, input.limit)),

  profile: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/users/:username", from: "none" },
      summary: "A member's public profile (email only for themselves and admins)",
      failures: { 404: MESSAGES.userNotFound },
      ...cachePolicy(["users", "posts", "replies", "votes"], { sharedBy: "visitors" }),
    })
    .input(usernameInput)
    .output(answer(profileViewSchema))
    .query(({ ctx, input }) =>
      // Email is private: only the member themselves and admins see it (members' answers are not kept).
      loadProfile(ctx.db, input.username, (user) => ctx.user?.id === user.id || ctx.user?.role === "admin"),
    ),

  /** Whole posts: GET /api/users/{username}/posts (the spec's answer). */
  posts: memberPostsProcedure((post) => post, z.array(postViewSchema), {
    rest: { method: "GET", path: "/api/users/:username/posts", from: "query" },
    summary: "A member's posts, newest first",
  }),

  /** The same list as cards, without the posts' text: what the profile page shows. */
  postCards: memberPostsProcedure(toPostCard, z.array(postCardViewSchema), {
    rest: "none",
    summary: "users.posts as cards: each post without its content and excerpt (a card shows the summary)",
  }),

  /** Reads replies, users, posts (cached for everyone); then the caller's own votes. */
  replies: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/users/:username/replies", from: "query" },
      summary: "A member's replies, newest first, with the post each answers",
      failures: { 404: MESSAGES.userNotFound },
      ...cachePolicy(["replies", "votes", "users", "posts"], {
        sharedBy: "everyone",
        overlay: (page: ProfileReplyView[], ctx) => withMyReplyVotes(ctx.db, ctx.user?.id ?? null, page),
      }),
    })
    .input(userListInput)
    .output(answer(z.array(profileReplyViewSchema)))
    .query(async ({ ctx, input }) => {
      const user = await findUserByUsername(ctx.db, input.username);
      if (!user) throw notFound(MESSAGES.userNotFound);
      return listRepliesByAuthor(ctx.db, user.id, input.offset, input.limit);
    }),

  /**
   * A member updates their own profile; admins may update anyone's. A member's new email waits for
   * its confirmation (pendingEmail; a link to the new address, a notice to the old one), counted
   * against the confirmation-mail limit since each sends mail to an address of the caller's choice.
   * An admin's change to someone else's email takes effect at once (updateUserFields).
   */
  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/users/:id" },
      summary:
        "Update a profile: one's own, or anyone's for admins. A member's new email takes effect once confirmed from the mail sent to it",
      failures: {
        403: MESSAGES.ownProfileOnly,
        404: MESSAGES.userNotFound,
        409: [MESSAGES.emailTaken, MESSAGES.accountTaken],
        429: withWait(MESSAGES.tooManyConfirmations),
      },
      writes: ["users", "mail", "throttles"],
    })
    .input(updateProfileInput)
    .output(answer(currentUserSchema))
    .mutation(async ({ ctx, input }) => {
      const { id, email, ...changes } = input;
      if (ctx.user.id !== id && ctx.user.role !== "admin") throw forbidden(MESSAGES.ownProfileOnly);
      const options = { now: ctx.mail.now() };
      if (ctx.user.id !== id) return toCurrentUser(await updateUserFields(ctx.db, id, { ...changes, email }, options));
      const user = await findUserById(ctx.db, id);
      // The form sends the address it shows: the current one (or the one already pending) is no change.
      if (email === undefined || email === user.email || email === user.pendingEmail)
        return toCurrentUser(await updateUserFields(ctx.db, id, changes, options));
      const updated = await counted(
        ctx.throttles,
        THROTTLES.confirmationResends,
        String(id),
        MESSAGES.tooManyConfirmations,
        () =>
          updateUserFields(ctx.db, id, changes, {
            ...options,
            inSameTransaction: (trx, current) => requestEmailChange(trx, ctx.mail, current, email),
          }),
      );
      ctx.mail.wake();
      return toCurrentUser(updated);
    }),

  /**
   * Sets the caller's avatar from a JPG, PNG or GIF (checked by content), re-encoded to a square
   * WebP of at most 256 px. Writes avatars and users ("profileImageUrl", shown by cached reads).
   * Every upload counts against the member's hourly limit, refused ones too: each costs a decode.
   */
  setAvatar: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/users/me/avatar", form: "multipart" },
      summary: "Set one's avatar: a JPG, PNG or GIF up to 2 MB, stored as a WebP square of at most 256 px",
      failures: {
        ...IMAGE_UPLOAD_FAILURES,
        429: withWait((minutes) => MESSAGES.avatarChangeLimit(THROTTLES.avatarUploads.limit, minutes)),
      },
      writes: ["users", "avatars", "throttles"],
    })
    .input(avatarUploadInput)
    .output(answer(currentUserSchema))
    .mutation(async ({ ctx, input }) => {
      if (input.content.byteLength > AVATAR_MAX_BYTES) throw payloadTooLarge(MESSAGES.avatarTooLarge);
      const rule = THROTTLES.avatarUploads;
      await throttle(ctx.throttles, rule, String(ctx.user.id), (minutes) =>
        MESSAGES.avatarChangeLimit(rule.limit, minutes),
      );
      const avatar = await encodeAvatar(input.content);
      return toCurrentUser(await saveAvatar(ctx.db, ctx.user.id, avatar));
    }),

  /** Removes the caller's avatar. Writes avatars and users ("profileImageUrl", shown by cached reads). */
  deleteAvatar: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/users/me/avatar", from: "none" },
      summary: "Remove one's avatar: the initials show again",
      writes: ["users", "avatars"],
    })
    .output(answer(currentUserSchema))
    .mutation(async ({ ctx }) => toCurrentUser(await removeAvatar(ctx.db, ctx.user.id))),

  /** The caller's four preferences, defaults filled in. */
  preferences: sessionProcedure
    .meta({
      rest: { method: "GET", path: "/api/users/me/preferences", from: "none" },
      summary: "The signed-in member's four preferences, defaults filled in",
      cache: "never",
    })
    .output(answer(userPreferencesSchema))
    .query(({ ctx }) => loadPreferences(ctx.db, ctx.user.id)),

  /** Saves any of the four; answers all of them. "Show Profile in Posts" changes what posts show. */
  updatePreferences: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/users/me/preferences" },
      summary: "Save any of the four preferences; answers all of them",
      writes: ["preferences", "users"],
    })
    .input(updatePreferencesInput)
    .output(answer(userPreferencesSchema))
    .mutation(({ ctx, input }) => updatePreferences(ctx.db, ctx.user.id, input)),
});
