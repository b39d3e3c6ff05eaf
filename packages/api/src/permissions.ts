// Who may change what. Moderators and admins ("staff") edit and delete any post or reply, pin,
// lock, reply in locked discussions and handle reports; only admins reach members, ads,
// categories, bulk import and settings (adminProcedure).
import { MESSAGES, type Role } from "@forum/contracts";
import type { SessionUser } from "./auth/sessions";
import { forbidden } from "./errors";

export function isStaff(user: { role: Role } | null | undefined): boolean {
  return user?.role === "moderator" || user?.role === "admin";
}

/** The author of a post or reply, a moderator or an admin. */
export function assertCanModify(user: SessionUser, authorId: number): void {
  if (!isStaff(user) && user.id !== authorId) throw forbidden(MESSAGES.notYours);
}
