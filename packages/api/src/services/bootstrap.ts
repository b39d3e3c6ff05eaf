// The admin account named by the environment exists with that password and the admin role.
import type { ForumDb } from "@forum/db";
import { hashPassword, verifyPassword } from "../auth/password";
import { createUser, findUserByUsername, replacePassword } from "./users";

export async function ensureAdmin(
  db: ForumDb,
  username: string,
  password: string,
): Promise<"created" | "updated" | "unchanged"> {
  const existing = await findUserByUsername(db, username);
  if (
    existing &&
    existing.role === "admin" &&
    existing.banned === 0 &&
    (await verifyPassword(existing.passwordHash, password))
  ) {
    return "unchanged";
  }
  const passwordHash = await hashPassword(password);
  if (existing) {
    await replacePassword(db, existing.id, { passwordHash, role: "admin", banned: 0 });
    return "updated";
  }
  await createUser(db, { username, email: `${username.toLowerCase()}@admin.local`, passwordHash, role: "admin" });
  return "created";
}
