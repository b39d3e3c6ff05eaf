// The admin area: its own chunk, loaded only when a moderator or an admin opens /admin. Admins
// reach every screen; moderators only Posts and Reports (content moderation). Anyone else goes
// to / (the server refuses their calls whatever this screen does).
import "./mantine.css";
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";
import { FullScreenLoading } from "../components/FullScreenLoading";
import { PageLoader } from "../components/PageLoader";
import { isStaff } from "../components/post/canModify";
import { AdminLayout } from "./AdminLayout";

const DashboardPage = lazy(() => import("./pages/DashboardPage"));
const CategoriesPage = lazy(() => import("./pages/CategoriesPage"));
const PostsPage = lazy(() => import("./pages/PostsPage"));
const ReportsPage = lazy(() => import("./pages/ReportsPage"));
const UsersPage = lazy(() => import("./pages/UsersPage"));
const BulkUploadPage = lazy(() => import("./pages/BulkUploadPage"));
const AdsPage = lazy(() => import("./pages/AdsPage"));

export default function AdminRoutes() {
  const { user, isAdmin, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenLoading />;
  if (!isStaff(user)) return <Navigate to="/" replace />;
  const home = isAdmin ? <Page page={<DashboardPage />} /> : <Navigate to="/admin/reports" replace />;
  return (
    <Routes>
      <Route element={<AdminLayout username={user.username} isAdmin={isAdmin} />}>
        <Route index element={home} />
        <Route path="posts" element={<Page page={<PostsPage />} />} />
        <Route path="reports" element={<Page page={<ReportsPage />} />} />
        {isAdmin && (
          <>
            <Route path="dashboard" element={home} />
            <Route path="categories" element={<Page page={<CategoriesPage />} />} />
            <Route path="user-management" element={<Page page={<UsersPage />} />} />
            <Route path="bulk-upload" element={<Page page={<BulkUploadPage />} />} />
            <Route path="ads" element={<Page page={<AdsPage />} />} />
          </>
        )}
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}

function Page({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{page}</Suspense>;
}
