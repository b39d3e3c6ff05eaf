// The admin area: its own chunk, loaded only when a moderator or an admin opens /admin. Who sees
// which screen is adminAccess.ts's rule; an address it refuses redirects (on the server too).
import "./mantine.css";
import { type LazyExoticComponent, lazy, Suspense } from "react";
import { Route, Routes, useLocation } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";
import { FullScreenLoading } from "../components/shell/FullScreenLoading";
import { PageLoader } from "../components/shell/PageLoader";
import { Redirect } from "../components/shell/Redirect";
import { AdminLayout } from "./AdminLayout";
import { type AdminScreen, adminDestination } from "./adminAccess";

const SCREENS: Record<AdminScreen, LazyExoticComponent<() => React.JSX.Element>> = {
  dashboard: lazy(() => import("./pages/DashboardPage")),
  categories: lazy(() => import("./pages/CategoriesPage")),
  posts: lazy(() => import("./pages/PostsPage")),
  reports: lazy(() => import("./pages/ReportsPage")),
  "user-management": lazy(() => import("./pages/UsersPage")),
  "bulk-upload": lazy(() => import("./pages/BulkUploadPage")),
  export: lazy(() => import("./pages/ExportPage")),
  ads: lazy(() => import("./pages/AdsPage")),
  mail: lazy(() => import("./pages/MailPage")),
  webhooks: lazy(() => import("./pages/WebhooksPage")),
  "staff-log": lazy(() => import("./pages/StaffLogPage")),
  backups: lazy(() => import("./pages/BackupsPage")),
  site: lazy(() => import("./pages/SitePage")),
};

export default function AdminRoutes() {
  const { user, isAdmin, isLoading } = useCurrentUser();
  const { pathname } = useLocation();
  if (isLoading) return <FullScreenLoading />;
  if (!user) return <Redirect to="/" />;
  const destination = adminDestination(user, pathname);
  if ("redirect" in destination) return <Redirect to={destination.redirect} />;
  const Screen = SCREENS[destination.screen];
  return (
    <Routes>
      <Route element={<AdminLayout username={user.username} isAdmin={isAdmin} />}>
        <Route
          path="*"
          element={
            <Suspense fallback={<PageLoader />}>
              <Screen />
            </Suspense>
          }
        />
      </Route>
    </Routes>
  );
}
