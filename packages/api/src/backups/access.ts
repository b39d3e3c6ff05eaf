// Who may download a backup (the server's plain download route): an admin, with the website's
// session, as every admin procedure asks (two-step sign-in too when the forum requires it of staff).
// Never an API token: a backup holds every member's data and the server key.
import { API_TOKEN_MESSAGES, MESSAGES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import type { Session, SessionUser } from "../auth/sessions";
import { AppError, forbidden } from "../errors";
import { assertStaffTwoStep } from "../services/forumSettings";

export async function assertMayDownloadBackups(
  db: ForumDb,
  caller: { user: SessionUser | null; session: Session | null },
): Promise<void> {
  if (!caller.user) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
  if (!caller.session) throw forbidden(API_TOKEN_MESSAGES.sessionOnly);
  if (caller.user.role !== "admin") throw forbidden(MESSAGES.adminOnly);
  await assertStaffTwoStep(db, caller.user);
}
