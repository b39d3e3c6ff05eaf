// The forum's own settings (one row, migration 0022) and the posting rule they carry.
import { type ForumSettings, type ForumSettingsChange, MESSAGES, type Role, TWO_STEP_MESSAGES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { forbidden } from "../errors";

export async function getForumSettings(db: ForumDb): Promise<ForumSettings> {
  const row = await db.selectFrom("forumSettings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
  return { requireConfirmedEmail: row.requireConfirmedEmail === 1, requireStaffTwoStep: row.requireStaffTwoStep === 1 };
}

const asFlag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

export async function updateForumSettings(db: ForumDb, change: ForumSettingsChange): Promise<ForumSettings> {
  const set = {
    requireConfirmedEmail: asFlag(change.requireConfirmedEmail),
    requireStaffTwoStep: asFlag(change.requireStaffTwoStep),
  };
  if (Object.values(set).some((value) => value !== undefined)) {
    await db.updateTable("forumSettings").set(set).where("id", "=", 1).execute();
  }
  return getForumSettings(db);
}

/**
 * Refuses (403) an admin's or moderator's use of their powers while the forum requires two-step
 * sign-in of staff and theirs is off. Read from the database only for staff without it: one
 * indexed row, and a requirement just switched on holds on every instance at once.
 */
export async function assertStaffTwoStep(db: ForumDb, user: { twoStep: boolean }): Promise<void> {
  if (user.twoStep) return;
  const row = await db.selectFrom("forumSettings").select("requireStaffTwoStep").where("id", "=", 1).executeTakeFirst();
  if (row?.requireStaffTwoStep === 1) throw forbidden(TWO_STEP_MESSAGES.staffRequired);
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
