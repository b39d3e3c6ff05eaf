// The user list's search: username, email or name, any case.
import type { AdminUserView } from "@forum/contracts";
import { fullName } from "../../lib/format";

export function filterUsers(users: AdminUserView[], search: string): AdminUserView[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return users;
  return users.filter((user) =>
    [user.username, user.email, fullName(user)].some((text) => text.toLowerCase().includes(needle)),
  );
}
