// The route table, as data: the browser renders it (App.tsx) and the server matches a request's
// path against it (entry-server.tsx) to answer an unknown page with a 404.
import { type ReactNode, Suspense } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { FullScreenLoading } from "./components/FullScreenLoading";
import { Layout } from "./components/Layout";
import { PageHydrated } from "./components/PageHydrated";
import { lazyWithPreload } from "./lib/lazyWithPreload";

const HomePage = lazyWithPreload(() => import("./pages/HomePage"));
const TrendingPage = lazyWithPreload(() => import("./pages/TrendingPage"));
const PostPage = lazyWithPreload(() => import("./pages/PostPage"));
const CategoryPage = lazyWithPreload(() => import("./pages/CategoryPage"));
const ProfilePage = lazyWithPreload(() => import("./pages/ProfilePage"));
const LoginPage = lazyWithPreload(() => import("./pages/LoginPage"));
const SettingsPage = lazyWithPreload(() => import("./pages/SettingsPage"));
const NotFoundPage = lazyWithPreload(() => import("./pages/NotFoundPage"));
const SearchPage = lazyWithPreload(() => import("./pages/SearchPage"));
const NotificationsPage = lazyWithPreload(() => import("./pages/NotificationsPage"));
const AdminRoutes = lazyWithPreload(() => import("./admin/AdminRoutes"));

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

/** A route's screen, and how to load its code ahead of the render (main.tsx, before hydrating). */
type Screen = ReturnType<typeof lazyWithPreload>;
const screen = (Page: Screen, element: ReactNode = <Page />) => ({ element, handle: { preload: Page.preload } });

export const appRoutes: RouteObject[] = [
  { path: "/login", ...screen(LoginPage, <Lazy page={<LoginPage />} />) },
  { path: "/auth", ...screen(LoginPage, <Lazy page={<LoginPage />} />) },
  { path: "/admin/*", ...screen(AdminRoutes, <Lazy page={<AdminRoutes />} />) },
  {
    element: <Layout />,
    children: [
      { index: true, ...screen(HomePage) },
      { path: "/trending", ...screen(TrendingPage) },
      { path: "/posts/:slug", ...screen(PostPage) },
      { path: "/cats/:slug", ...screen(CategoryPage) },
      { path: "/u/:username", ...screen(ProfilePage) },
      { path: "/settings", ...screen(SettingsPage) },
      { path: "/search", ...screen(SearchPage) },
      { path: "/notifications", ...screen(NotificationsPage) },
      { path: NOT_FOUND_PATH, ...screen(NotFoundPage) },
    ],
  },
];

/** Loads the code of the screens `pathname` shows (and of what their server-rendered HTML holds). */
export function preloadScreens(pathname: string): Promise<unknown> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  return Promise.all(
    matches.map((match) => (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.()),
  );
}
