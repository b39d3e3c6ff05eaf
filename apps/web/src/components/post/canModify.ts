import type { CurrentUser } from "@forum/contracts";

/** Moderators and admins: they edit and delete any post or reply, pin, lock and handle reports. */
export function isStaff<User extends Pick<CurrentUser, "role">>(user: User | null): user is User {
  return user?.role === "moderator" || user?.role === "admin";
}

/** The server lets a post's or reply's author, a moderator or an admin edit and delete it. */
export function canModify(user: CurrentUser | null, authorId: number): boolean {
  return user !== null && (user.id === authorId || isStaff(user));
}
