// A banned account's session: the server refuses its calls (403) and signs it out at the next
// auth.me (401), both with the ban as the message (BANNED_MESSAGE).
import { BANNED_MESSAGE } from "@forum/contracts";

/** Whether a failure is the server saying the account is banned. */
export function isBanned(error: unknown): boolean {
  return error instanceof Error && error.message === BANNED_MESSAGE;
}
