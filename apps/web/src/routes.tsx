// The route table, as data: the browser renders it (App.tsx) and the server matches a request's
// path against it (entry-server.tsx) to answer an unknown page with a 404.
import { lazy, type ReactNode, Suspense } from "react";
import type { RouteObject } from "react-router";
import { FullScreenLoading } from "./components/FullScreenLoading";
import { Layout } from "./components/Layout";
import { PageHydrated } from "./components/PageHydrated";

const HomePage = lazy(() => import("./pages/HomePage"));
const TrendingPage = lazy(() => import("./pages/TrendingPage"));
const PostPage = lazy(() => import("./pages/PostPage"));
const CategoryPage = lazy(() => import("./pages/CategoryPage"));
const ProfilePage = lazy(() => import("./pages/ProfilePage"));
const LoginPage = lazy(() => import("./pages/LoginPage"));
const SettingsPage = lazy(() => import("./pages/SettingsPage"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage"));
const SearchPage = lazy(() => import("./pages/SearchPage"));
const NotificationsPage = lazy(() => import("./pages/NotificationsPage"));
const AdminRoutes = lazy(() => import("./admin/AdminRoutes"));

function Lazy({ page }: { page: ReactNode }) {
  return (
    <Suspense fallback={<FullScreenLoading />}>
      {page}
      <PageHydrated />
    </Suspense>
  );
}

/** The catch-all route's path: a page matched only by it does not exist. */
export const NOT_FOUND_PATH = "*";

export const appRoutes: RouteObject[] = [
  { path: "/login", element: <Lazy page={<LoginPage />} /> },
  { path: "/auth", element: <Lazy page={<LoginPage />} /> },
  { path: "/admin/*", element: <Lazy page={<AdminRoutes />} /> },
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "/trending", element: <TrendingPage /> },
      { path: "/posts/:slug", element: <PostPage /> },
      { path: "/cats/:slug", element: <CategoryPage /> },
      { path: "/u/:username", element: <ProfilePage /> },
      { path: "/settings", element: <SettingsPage /> },
      { path: "/search", element: <SearchPage /> },
      { path: "/notifications", element: <NotificationsPage /> },
      { path: NOT_FOUND_PATH, element: <NotFoundPage /> },
    ],
  },
];
