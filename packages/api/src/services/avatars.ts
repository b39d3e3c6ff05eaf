// Avatars in the database: the encoded picture in `avatars`, and users."profileImageUrl" naming it
// with its hash. Both change in one transaction, so the URL every read shows always serves the
// picture it names, on every app instance; a new picture gets a new URL (served as immutable).
import { MESSAGES } from "@forum/contracts";
import type { ForumDb, UserRow } from "@forum/db";
import { notFound } from "../errors";
import type { EncodedAvatar } from "./avatarImage";

export const AVATAR_PATH = "/avatars/";
const FILE_NAME = /^([1-9][0-9]{0,14})-([0-9a-f]{16})\.webp$/;

export function avatarUrl(userId: number, hash: string): string {
  return `${AVATAR_PATH}${userId}-${hash}.webp`;
}

/** The member and picture a served file name stands for ("12-0123456789abcdef.webp"), if any. */
export function parseAvatarFileName(name: string): { userId: number; hash: string } | null {
  const match = FILE_NAME.exec(name);
  return match ? { userId: Number(match[1]), hash: match[2] as string } : null;
}

/** Replaces the member's avatar; answers the account with its new profileImageUrl. */
export async function saveAvatar(
  db: ForumDb,
  userId: number,
  avatar: EncodedAvatar,
  now = Date.now(),
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    // The account first: one deleted meanwhile answers 404 rather than failing the foreign key.
    const user = await trx
      .updateTable("users")
      .set({ profileImageUrl: avatarUrl(userId, avatar.hash) })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirst();
    if (!user) throw notFound(MESSAGES.userNotFound);
    const row = { image: avatar.image, contentType: avatar.contentType, hash: avatar.hash, updatedAt: now };
    await trx
      .insertInto("avatars")
      .values({ userId, ...row })
      .onConflict((conflict) => conflict.column("userId").doUpdateSet(row))
      .execute();
    return user;
  });
}

/** Removes the member's picture (the initials show again); answers the account. */
export async function removeAvatar(db: ForumDb, userId: number): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("avatars").where("userId", "=", userId).execute();
    const user = await trx
      .updateTable("users")
      .set({ profileImageUrl: null })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirst();
    if (!user) throw notFound(MESSAGES.userNotFound);
    return user;
  });
}

/** The stored picture a URL names, while it is the member's current one. */
export async function findAvatar(
  db: ForumDb,
  file: { userId: number; hash: string },
): Promise<{ image: Uint8Array; contentType: string } | undefined> {
  return db
    .selectFrom("avatars")
    .select(["image", "contentType"])
    .where("userId", "=", file.userId)
    .where("hash", "=", file.hash)
    .executeTakeFirst();
}
