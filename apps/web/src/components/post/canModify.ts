import type { CurrentUser } from "@forum/contracts";

/** The server lets a post's or reply's author, or an admin, edit and delete it. */
export function canModify(user: CurrentUser | null, authorId: number): boolean {
  return user !== null && (user.role === "admin" || user.id === authorId);
}
