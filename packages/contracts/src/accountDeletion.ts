// Deleting an account (issue 30): by the member from Settings (password, and the second step when
// two-step sign-in is on) or by an admin from User Management, with the same two choices of what
// happens to what the member wrote.
import { z } from "zod";
import { idInput } from "./schemas";

/** How a deleted member's posts and replies are shown when they stay. */
export const DELETED_MEMBER = "deleted member";

/**
 * The username a deleted account's row keeps when its posts stay: "deleted member #12". It cannot
 * be registered (a space and "#" are not allowed in usernames), and it is never shown: the author
 * reads as DELETED_MEMBER (isDeletedAccountName).
 */
export const deletedAccountName = (userId: number) => `${DELETED_MEMBER} #${userId}`;
export const isDeletedAccountName = (username: string | null | undefined) =>
  typeof username === "string" && /^deleted member #\d+$/.test(username);
/** The name to show for an account: "deleted member" for a deleted one. */
export const shownUsername = (username: string) => (isDeletedAccountName(username) ? DELETED_MEMBER : username);
/** A shown name as text names a member: "@alice", but "deleted member" without "@" (no one to mention). */
export const atName = (shown: string) => (shown === DELETED_MEMBER ? DELETED_MEMBER : `@${shown}`);

/**
 * What happens to what the member wrote: "keep" leaves their posts and replies as the discussion's
 * record, shown as written by "deleted member"; "delete" removes them with the replies of others
 * under those posts, as deleting a post does.
 */
export const DELETED_CONTENT_CHOICES = ["keep", "delete"] as const;
export type DeletedContentChoice = (typeof DELETED_CONTENT_CHOICES)[number];

export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: "Enter your password to delete your account",
  passwordWrong: "Password is incorrect",
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code, to delete your account",
  choiceRequired: "Choose whether to keep or delete your posts and replies",
  lastAdmin: "You are the forum's last admin: make another member an admin before deleting your account",
  deleted: "Your account has been deleted",
  userDeleted: "User deleted successfully",
} as const;

const contentChoice = z.enum(DELETED_CONTENT_CHOICES, { error: ACCOUNT_DELETION_MESSAGES.choiceRequired });

export const deleteMyAccountInput = z.object({
  password: z
    .string({ error: ACCOUNT_DELETION_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired),
  /** Required when two-step sign-in is on: a current code or a recovery code. */
  code: z.string().trim().max(40).optional(),
  content: contentChoice,
});
export type DeleteMyAccountInput = z.infer<typeof deleteMyAccountInput>;

/**
 * An admin's deletion of a member. Without `content` the member's posts and replies go with them:
 * what DELETE /api/admin/users/{id} always did, so older callers keep their meaning.
 */
export const adminDeleteUserInput = idInput.extend({ content: contentChoice.default("delete") });
