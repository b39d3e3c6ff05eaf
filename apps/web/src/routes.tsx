// The route table, built from the page list (PAGES in @forum/contracts): the browser renders it
// (App.tsx) and the server matches a request's path against it (entry-server.tsx) to answer an
// unknown page with a 404.
import { PAGES, type PageName } from "@forum/contracts";
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

/** Each page's screen; its path and place come from the page list (PAGES). */
const SCREENS: Record<PageName, ReactNode> = {
  home: <HomePage />,
  trending: <TrendingPage />,
  post: <PostPage />,
  category: <CategoryPage />,
  profile: <ProfilePage />,
  login: <LoginPage />,
  auth: <LoginPage />,
  settings: <SettingsPage />,
  search: <SearchPage />,
  notifications: <NotificationsPage />,
  admin: <AdminRoutes />,
  notFound: <NotFoundPage />,
};

const pages = Object.entries(PAGES) as [PageName, (typeof PAGES)[PageName]][];

export const appRoutes: RouteObject[] = [
  ...pages
    .filter(([, page]) => !page.layout)
    .map(([name, page]) => ({ path: page.path, element: <Lazy page={SCREENS[name]} /> })),
  {
    element: <Layout />,
    children: pages
      .filter(([, page]) => page.layout)
      .map(([name, page]) =>
        page.path === "/" ? { index: true, element: SCREENS[name] } : { path: page.path, element: SCREENS[name] },
      ),
  },
];
