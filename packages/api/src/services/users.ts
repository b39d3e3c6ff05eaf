// Accounts: lookups, registration, profile data and the admin's changes.
import { MESSAGES, type ProfileView, type Role } from "@forum/contracts";
import { type ForumDb, inTransaction, lockingRows, type UserRow } from "@forum/db";
import { sql } from "kysely";
import { invalidateUserSessions } from "../auth/sessions";
import { conflict, notFound, withUniqueGuard } from "../errors";
import { queueWebhookEvent } from "../webhooks/queue";
import { isUsernameReserved } from "./accountDeletion";
import { iso } from "./mappers";

/** A live account by its username (a deleted member's row has none: it is nobody's). */
export async function findUserByUsername(db: ForumDb, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(username)`, "=", username.toLowerCase())
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

/** A live account by id: a deleted member's row answers "User not found" too. */
export async function findUserById(db: ForumDb, id: number): Promise<UserRow> {
  const user = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!user) throw notFound(MESSAGES.userNotFound);
  return user;
}

/** Refuses a username or email that another account already has (case-insensitively). */
export async function assertAvailable(
  db: ForumDb,
  fields: { username?: string | undefined; email?: string | undefined },
  exceptUserId?: number,
): Promise<void> {
  const checks: Array<[string | undefined, "username" | "email", string]> = [
    [fields.username, "username", MESSAGES.usernameTaken],
    [fields.email, "email", MESSAGES.emailTaken],
  ];
  for (const [value, column, message] of checks) {
    if (value === undefined) continue;
    let query = db
      .selectFrom("users")
      .select("id")
      .where(sql<string>`lower(${sql.ref(column)})`, "=", value.toLowerCase());
    if (exceptUserId !== undefined) query = query.where("id", "!=", exceptUserId);
    if (await query.executeTakeFirst()) throw conflict(message);
  }
}

export type NewAccount = {
  username: string;
  email: string;
  passwordHash: string;
  role?: Role;
  firstName?: string | null;
  lastName?: string | null;
};

/**
 * `inSameTransaction` runs after the insert, in its transaction (the confirmation mail of a new
 * address is queued with the account). Admins' addresses count as confirmed.
 */
export async function createUser(
  db: ForumDb,
  account: NewAccount,
  now = Date.now(),
  inSameTransaction?: (trx: ForumDb, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  return withUniqueGuard(
    () =>
      inTransaction(db, async (trx) => {
        await assertAvailable(trx, account);
        // A deleted member's name is not free again (services/accountDeletion.ts says why).
        if (await isUsernameReserved(trx, account.username)) throw conflict(MESSAGES.usernameTaken);
        const user = await trx
          .insertInto("users")
          .values({
            username: account.username,
            email: account.email,
            passwordHash: account.passwordHash,
            firstName: account.firstName ?? null,
            lastName: account.lastName ?? null,
            bio: null,
            website: null,
            location: null,
            role: account.role ?? "user",
            profileImageUrl: null,
            preferences: null,
            createdAt: now,
            emailConfirmedAt: account.role === "admin" ? now : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await inSameTransaction?.(trx, user);
        // The new member as their public profile shows them (never the address).
        await queueWebhookEvent(trx, "user.created", () => loadProfile(trx, user.username, () => false), now);
        return user;
      }),
    MESSAGES.accountTaken,
  );
}

/** A public profile with its counts; reputation is the upvotes received on posts and replies. */
export async function loadProfile(
  db: ForumDb,
  username: string,
  showEmail: (user: UserRow) => boolean,
): Promise<ProfileView> {
  const user = await findUserByUsername(db, username);
  if (!user) throw notFound(MESSAGES.userNotFound);
  const counts = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("posts").select(eb.fn.countAll<number>().as("n")).where("authorId", "=", user.id).as("postCount"),
      eb
        .selectFrom("replies")
        .select(eb.fn.countAll<number>().as("n"))
        .where("authorId", "=", user.id)
        .as("replyCount"),
      eb
        .selectFrom("posts")
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("upvotes"), inner.lit(0)).as("n"))
        .where("authorId", "=", user.id)
        .as("postUpvotes"),
      eb
        .selectFrom("replies")
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("upvotes"), inner.lit(0)).as("n"))
        .where("authorId", "=", user.id)
        .as("replyUpvotes"),
    ])
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    username: user.username,
    ...(showEmail(user) ? { email: user.email } : {}),
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    website: user.website,
    location: user.location,
    role: user.role,
    banned: user.banned === 1,
    profileImageUrl: user.profileImageUrl,
    createdAt: iso(user.createdAt),
    postCount: Number(counts.postCount ?? 0),
    replyCount: Number(counts.replyCount ?? 0),
    reputation: Number(counts.postUpvotes ?? 0) + Number(counts.replyUpvotes ?? 0),
  };
}

export type ProfileChanges = {
  email?: string | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  bio?: string | null | undefined;
  website?: string | null | undefined;
  location?: string | null | undefined;
};

export type UpdateOptions = {
  now?: number;
  /** Runs in the update's transaction, after its checks and before its own write (a change of address). */
  inSameTransaction?: (trx: ForumDb, user: UserRow) => Promise<void>;
};

/**
 * Writes the given fields. An `email` here is set at once and counts as confirmed: only an admin
 * editing someone else's account passes one (the member's own change waits for its link,
 * emailChange.ts); the admin vouches for it, and a change that account was waiting for is dropped.
 */
export async function updateUserFields(
  db: ForumDb,
  id: number,
  changes: ProfileChanges & { username?: string; role?: Role },
  options: UpdateOptions = {},
): Promise<UserRow> {
  const defined: Partial<UserRow> = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  );
  return withUniqueGuard(
    () =>
      inTransaction(db, async (trx) => {
        const user = await findUserById(trx, id);
        await assertAvailable(trx, { username: changes.username, email: changes.email }, id);
        // Admins cannot be banned, so a banned account cannot be made an admin either.
        if (changes.role === "admin" && user.role !== "admin" && user.banned === 1)
          throw conflict("Unban this account before making it an admin");
        if (user.role === "admin" && changes.role !== undefined && changes.role !== "admin") {
          // Another admin who can sign in must remain; a banned admin cannot run the forum. The
          // admins' rows stay locked until this change commits, so two demotions at once cannot
          // each see the other as the remaining admin.
          const admins = await lockingRows(
            trx,
            trx.selectFrom("users").select("id").where("role", "=", "admin").where("banned", "=", 0),
            "users",
          ).execute();
          if (!admins.some((admin) => admin.id !== id)) throw conflict("The forum needs at least one admin");
        }
        if (changes.email !== undefined && changes.email !== user.email) {
          defined.emailConfirmedAt = options.now ?? Date.now();
          defined.pendingEmail = null;
        }
        await options.inSameTransaction?.(trx, user);
        if (Object.keys(defined).length === 0) return findUserById(trx, id);
        return trx.updateTable("users").set(defined).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
      }),
    MESSAGES.accountTaken,
  );
}

/**
 * Sets an account's password hash (and any other fields given) and signs out its sessions but
 * `keepSessionId`, in one transaction: a new password never leaves an old session signed in.
 */
export async function replacePassword(
  db: ForumDb,
  userId: number,
  changes: { passwordHash: string; role?: Role; banned?: number },
  keepSessionId?: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable("users").set(changes).where("id", "=", userId).execute();
    await invalidateUserSessions(trx, userId, keepSessionId);
  });
}

/**
 * Bans or unbans an account. A ban takes effect at once: every call of a banned account's sessions
 * is refused (trpc.ts, memberProcedure), and the first page or auth.me call of each tells the
 * member why and ends that session (issue 25: a member banned while signed in was silently turned
 * into a visitor, the session being gone without a trace). An unban ends the sessions left, so
 * none comes back to life.
 */
export async function setBanned(db: ForumDb, userId: number, banned: boolean): Promise<UserRow> {
  return inTransaction(db, (trx) => writeBanned(trx, userId, banned));
}

/** setBanned's work, inside a transaction the caller runs. */
export async function writeBanned(trx: ForumDb, userId: number, banned: boolean): Promise<UserRow> {
  const row = await trx
    .updateTable("users")
    .set({ banned: banned ? 1 : 0 })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!banned) await invalidateUserSessions(trx, userId);
  return row;
}
