// The forum's own settings (one row, migration 0022) and the posting rule they carry.
import { type ForumSettings, MESSAGES, type Role } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { forbidden } from "../errors";

export async function getForumSettings(db: ForumDb): Promise<ForumSettings> {
  const row = await db.selectFrom("forumSettings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
  return { requireConfirmedEmail: row.requireConfirmedEmail === 1 };
}

export async function updateForumSettings(db: ForumDb, settings: ForumSettings): Promise<ForumSettings> {
  await db
    .updateTable("forumSettings")
    .set({ requireConfirmedEmail: settings.requireConfirmedEmail ? 1 : 0 })
    .where("id", "=", 1)
    .execute();
  return getForumSettings(db);
}

/**
 * Refuses (403) a post or reply of a member whose address is not confirmed, while the forum asks
 * for confirmed addresses. Read from the database, not the read cache: one indexed row each, and
 * a switch an admin just turned on holds on every instance at once. Admins count as confirmed
 * (an account made admin later may never have confirmed its address).
 */
export async function assertMayPost(db: ForumDb, author: { id: number; role: Role }): Promise<void> {
  if (author.role === "admin") return;
  const row = await db
    .selectFrom("forumSettings")
    .innerJoin("users", (join) => join.on("users.id", "=", author.id))
    .select(["forumSettings.requireConfirmedEmail", "users.emailConfirmedAt"])
    .where("forumSettings.id", "=", 1)
    .executeTakeFirst();
  if (row && row.requireConfirmedEmail === 1 && row.emailConfirmedAt === null)
    throw forbidden(MESSAGES.confirmBeforePosting);
}
