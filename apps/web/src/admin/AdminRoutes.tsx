// The admin area: its own chunk, loaded only when an admin opens /admin. Anyone else goes to /
// (the server refuses every admin call to non-admins whatever this screen does).
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";
import { FullScreenLoading } from "../components/FullScreenLoading";
import { PageLoader } from "../components/PageLoader";
import { AdminLayout } from "./AdminLayout";

const DashboardPage = lazy(() => import("./pages/DashboardPage"));
const CategoriesPage = lazy(() => import("./pages/CategoriesPage"));
const PostsPage = lazy(() => import("./pages/PostsPage"));
const UsersPage = lazy(() => import("./pages/UsersPage"));
const BulkUploadPage = lazy(() => import("./pages/BulkUploadPage"));
const AdsPage = lazy(() => import("./pages/AdsPage"));

export default function AdminRoutes() {
  const { user, isAdmin, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenLoading />;
  if (!user || !isAdmin) return <Navigate to="/" replace />;
  return (
    <Routes>
      <Route element={<AdminLayout username={user.username} />}>
        <Route index element={<Page page={<DashboardPage />} />} />
        <Route path="dashboard" element={<Page page={<DashboardPage />} />} />
        <Route path="categories" element={<Page page={<CategoriesPage />} />} />
        <Route path="posts" element={<Page page={<PostsPage />} />} />
        <Route path="user-management" element={<Page page={<UsersPage />} />} />
        <Route path="bulk-upload" element={<Page page={<BulkUploadPage />} />} />
        <Route path="ads" element={<Page page={<AdsPage />} />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}

function Page({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{page}</Suspense>;
}
