// Who may change what: the author of a post or reply, or an admin.
import { MESSAGES } from "@forum/contracts";
import type { SessionUser } from "./auth/sessions";
import { forbidden } from "./errors";

export function assertCanModify(user: SessionUser, authorId: number): void {
  if (user.role !== "admin" && user.id !== authorId) throw forbidden(MESSAGES.notYours);
}
