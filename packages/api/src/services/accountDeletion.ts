// Deleting an account (issue 30), the one function behind both doors: the member's own "Delete
// my account" (Settings, after their password and second step) and an admin's Delete in User
// Management. Either way the member chooses, or the admin for them, what happens to what they wrote:
// - "keep": their posts and replies stay as the discussion's record, shown as written by "deleted
//   member". The account's row stays as their author (and the author of their votes, so every
//   count stays what it was) but keeps nothing of them: no name, address, profile, avatar,
//   preferences, password or two-step secret; their sessions, API tokens, notifications, mail and
//   mail links go. Who cast their votes can no longer be told: the row is nobody.
// - "delete": their posts are removed (with the replies of others under them) and then their
//   replies elsewhere, each as deleting a post or a reply does (removePost, removeReply: counters
//   and webhook events included); then the row itself, with what cascades from it (votes,
//   sessions, tokens, notifications, reports they filed), and the counts their votes fed are
//   recounted.
import { createHash } from "node:crypto";
import { ACCOUNT_DELETION_MESSAGES, type DeletedContentChoice, deletedAccountName, MESSAGES } from "@forum/contracts";
import { type DataKind, type ForumDb, inTransaction, lockingRows, recountPosts, recountReplies } from "@forum/db";
import { conflict, forbidden, notFound } from "../errors";
import { removePost } from "./posts";
import { removeReply } from "./replies";

/** What a deletion writes, either way, for both doors' declarations. */
export const ACCOUNT_DELETION_WRITES = [
  "users",
  "posts",
  "replies",
  "votes",
  "categories",
  "sessions",
  "notifications",
  "reports",
  "avatars",
  "apiTokens",
  "mail",
  "twoStep",
  "preferences",
  "webhooks",
  "dataExports",
  "readStates",
] as const satisfies readonly DataKind[];

/**
 * Whether a deleted member's username may be registered again: it may not. Posts and replies of
 * others still name them ("@alice is right", quotes, "in reply to"), and readers know them by it;
 * a newcomer taking the name would inherit that standing and could pass for them, a harm done to
 * others that cannot be undone. A person wanting their own name back is rarer, and an admin can
 * give it to their new account (an admin's rename does not check the reserved names). Only the
 * name's hash is kept, so the forum no longer holds the name itself. The address, by contrast,
 * is free at once: it is never shown, so it cannot impersonate anyone, and keeping it would stop
 * the person from ever joining again with their own address.
 */
export const usernameHash = (username: string) => createHash("sha256").update(username.toLowerCase()).digest("hex");

export async function isUsernameReserved(db: ForumDb, username: string): Promise<boolean> {
  const row = await db
    .selectFrom("reserved_usernames")
    .select("nameHash")
    .where("nameHash", "=", usernameHash(username))
    .executeTakeFirst();
  return row !== undefined;
}

export type AccountDeletion = {
  content: DeletedContentChoice;
  /** "self": the member's own; "admin": from User Management (which never deletes an admin account). */
  by: "self" | "admin";
};

/** Deletes the account in one transaction; nothing changes if a check refuses. */
export async function deleteAccount(
  db: ForumDb,
  userId: number,
  deletion: AccountDeletion,
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    // The row stays locked until this commits: a post, reply or vote the member sends meanwhile
    // (each takes a key-share lock on it) waits, then finds the account gone or anonymised, so
    // no row is cascaded away behind the counters' back.
    const user = await lockingRows(
      trx,
      trx
        .selectFrom("users")
        .select(["id", "username", "role"])
        .where("id", "=", userId)
        .where("deletedAt", "is", null),
      "users",
    ).executeTakeFirst();
    if (!user) throw notFound(MESSAGES.userNotFound);
    if (user.role === "admin") {
      if (deletion.by === "admin") throw forbidden(MESSAGES.adminCannotBeDeleted);
      // Another admin who can sign in must remain. Their rows stay locked until this commits, so
      // two last admins deleting themselves at once cannot each count on the other.
      const admins = await lockingRows(
        trx,
        trx.selectFrom("users").select("id").where("role", "=", "admin").where("banned", "=", 0),
        "users",
      ).execute();
      if (!admins.some((admin) => admin.id !== userId)) throw conflict(ACCOUNT_DELETION_MESSAGES.lastAdmin);
    }
    await trx
      .insertInto("reserved_usernames")
      .values({ nameHash: usernameHash(user.username), createdAt: now })
      .onConflict((oc) => oc.column("nameHash").doNothing())
      .execute();
    // Mail waiting to go to them, and the record of mail sent to their address.
    await trx.deleteFrom("mail_outbox").where("userId", "=", userId).execute();
    if (deletion.content === "keep") await anonymise(trx, userId, now);
    else await deleteWithContent(trx, userId, now);
  });
}

/** "keep": the row stays as the author of what they wrote, holding nothing of them. */
async function anonymise(trx: ForumDb, userId: number, now: number): Promise<void> {
  for (const table of [
    "sessions",
    "api_tokens",
    "notifications",
    "avatars",
    "mail_tokens",
    "unsubscribe_tokens",
    "recovery_codes",
    "login_challenges",
    // "Download my data": a zip of their address and everything they wrote.
    "data_exports",
    // What they read, and when they came.
    "read_states",
    "member_visits",
  ] as const) {
    await trx.deleteFrom(table).where("userId", "=", userId).execute();
  }
  const name = deletedAccountName(userId);
  await trx
    .updateTable("users")
    .set({
      username: name,
      // Unique like every address, and no address at all: nothing is ever mailed to it.
      email: name,
      // No argon2 hash: no password matches it.
      passwordHash: "!deleted",
      firstName: null,
      lastName: null,
      bio: null,
      website: null,
      location: null,
      role: "user",
      banned: 0,
      profileImageUrl: null,
      preferences: null,
      emailConfirmedAt: null,
      pendingEmail: null,
      totpPendingSealed: null,
      totpSealed: null,
      totpEnabledAt: null,
      totpLastStep: null,
      deletedAt: now,
    })
    .where("id", "=", userId)
    .execute();
}

/** "delete": their posts and replies as post and reply deletion removes them, then the row. */
async function deleteWithContent(trx: ForumDb, userId: number, now: number): Promise<void> {
  const posts = await trx.selectFrom("posts").select("id").where("authorId", "=", userId).orderBy("id").execute();
  for (const post of posts) await removePost(trx, post.id, now);
  // Read after the posts went: their replies under those posts went with them.
  const replies = await trx.selectFrom("replies").select("id").where("authorId", "=", userId).orderBy("id").execute();
  for (const reply of replies) await removeReply(trx, reply.id, now);

  const votedPosts = await trx
    .selectFrom("votes")
    .select("postId")
    .where("userId", "=", userId)
    .where("postId", "is not", null)
    .execute();
  const votedReplies = await trx
    .selectFrom("votes")
    .select("replyId")
    .where("userId", "=", userId)
    .where("replyId", "is not", null)
    .execute();
  await trx.deleteFrom("users").where("id", "=", userId).execute();
  await recountPosts(
    trx,
    votedPosts.map((vote) => vote.postId as number),
  );
  await recountReplies(
    trx,
    votedReplies.map((vote) => vote.replyId as number),
  );
}
