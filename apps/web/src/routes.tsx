// The route table, built from the page list (PAGES in @forum/contracts): the browser renders it
// (App.tsx) and the server matches a request's path against it (entry-server.tsx) to answer an
// unknown page with a 404.
import { PAGES, type PageName } from "@forum/contracts";
import { type ReactNode, Suspense } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { FullScreenLoading } from "./components/shell/FullScreenLoading";
import { Layout } from "./components/shell/Layout";
import { PageHydrated } from "./components/shell/PageHydrated";
import { lazyWithPreload } from "./lib/lazyWithPreload";

const HomePage = lazyWithPreload(() => import("./pages/HomePage"));
const TrendingPage = lazyWithPreload(() => import("./pages/TrendingPage"));
const PostPage = lazyWithPreload(() => import("./pages/PostPage"));
const CategoryPage = lazyWithPreload(() => import("./pages/CategoryPage"));
const ProfilePage = lazyWithPreload(() => import("./pages/ProfilePage"));
const LoginPage = lazyWithPreload(() => import("./pages/LoginPage"));
const ForgotPasswordPage = lazyWithPreload(() => import("./pages/ForgotPasswordPage"));
const ResetPasswordPage = lazyWithPreload(() => import("./pages/ResetPasswordPage"));
const ConfirmEmailPage = lazyWithPreload(() => import("./pages/ConfirmEmailPage"));
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

/** A route's screen, and how to load its code ahead of the render (main.tsx, before hydrating). */
type Screen = ReturnType<typeof lazyWithPreload>;

/** Each page's screen; its path and place come from the page list (PAGES). */
const SCREENS: Record<PageName, Screen> = {
  home: HomePage,
  trending: TrendingPage,
  post: PostPage,
  category: CategoryPage,
  profile: ProfilePage,
  login: LoginPage,
  auth: LoginPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  confirmEmail: ConfirmEmailPage,
  settings: SettingsPage,
  search: SearchPage,
  notifications: NotificationsPage,
  admin: AdminRoutes,
  notFound: NotFoundPage,
};

const pages = Object.entries(PAGES) as [PageName, (typeof PAGES)[PageName]][];

const screen = (Page: Screen, element: ReactNode = <Page />) => ({ element, handle: { preload: Page.preload } });

export const appRoutes: RouteObject[] = [
  // Screens of their own wait for their code behind a loading screen.
  ...pages
    .filter(([, page]) => !page.layout)
    .map(([name, page]) => {
      const Page = SCREENS[name];
      return { path: page.path, ...screen(Page, <Lazy page={<Page />} />) };
    }),
  {
    element: <Layout />,
    children: pages
      .filter(([, page]) => page.layout)
      .map(([name, page]) =>
        page.path === "/" ? { index: true, ...screen(SCREENS[name]) } : { path: page.path, ...screen(SCREENS[name]) },
      ),
  },
];

/** Loads the code of the screens `pathname` shows (and of what their server-rendered HTML holds). */
export function preloadScreens(pathname: string): Promise<unknown> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  return Promise.all(
    matches.map((match) => (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.()),
  );
}
