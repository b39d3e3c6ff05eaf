// A member's preferences: stored as JSON on their row (null means the defaults), changed a field
// at a time. The row is locked while it is read and written, so two saves at once keep both.
import type { UserPreferences } from "@forum/contracts";
import { type ForumDb, lockRow } from "@forum/db";
import { preferencesOf } from "./mappers";
import { findUserById } from "./users";

export async function loadPreferences(db: ForumDb, userId: number): Promise<UserPreferences> {
  return preferencesOf((await findUserById(db, userId)).preferences);
}

export async function updatePreferences(
  db: ForumDb,
  userId: number,
  changes: Partial<UserPreferences>,
): Promise<UserPreferences> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "users", userId);
    const current = preferencesOf((await findUserById(trx, userId)).preferences);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const next: UserPreferences = { ...current, ...defined };
    await trx
      .updateTable("users")
      .set({ preferences: JSON.stringify(next) })
      .where("id", "=", userId)
      .execute();
    return next;
  });
}
