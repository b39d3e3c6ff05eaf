// Who reaches which admin screen, in one place for the browser (AdminRoutes.tsx) and the server
// (entry-server.tsx answers a request the screen would only redirect with the redirect itself).
// Admins reach every screen; moderators Posts and Reports (content moderation); anyone else goes
// to / (the server refuses their calls whatever the screens do).
import type { CurrentUser } from "@forum/contracts";
import { isStaff } from "../components/post/canModify";

/** Each screen under /admin/ and who may open it; the dashboard is also /admin itself. */
export const ADMIN_SCREENS = {
  dashboard: "admin",
  categories: "admin",
  posts: "staff",
  reports: "staff",
  "user-management": "admin",
  "bulk-upload": "admin",
  export: "admin",
  ads: "admin",
  mail: "admin",
  webhooks: "admin",
  "staff-log": "admin",
  backups: "admin",
  site: "admin",
} as const;

export type AdminScreen = keyof typeof ADMIN_SCREENS;

/** A moderator's first screen: the dashboard is the admins'. */
const MODERATOR_HOME = "/admin/reports";

/** The screen an address under /admin shows this user, or where they are sent instead. */
export function adminDestination(
  user: Pick<CurrentUser, "role"> | null,
  pathname: string,
): { screen: AdminScreen } | { redirect: string } {
  if (!isStaff(user)) return { redirect: "/" };
  const isAdmin = user.role === "admin";
  const home = isAdmin ? "/admin" : MODERATOR_HOME;
  const rest = pathname.replace(/^\/admin\/?/, "").replace(/\/$/, "");
  if (rest === "") return isAdmin ? { screen: "dashboard" } : { redirect: MODERATOR_HOME };
  if (!Object.hasOwn(ADMIN_SCREENS, rest)) return { redirect: home };
  const screen = rest as AdminScreen;
  return isAdmin || ADMIN_SCREENS[screen] === "staff" ? { screen } : { redirect: home };
}
