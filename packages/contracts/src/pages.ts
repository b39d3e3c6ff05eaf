// Every page of the web app, once: the browser's router (apps/web/src/routes.tsx), the server
// render (apps/web/src/entry-server.tsx) and the server's page routes (apps/server's
// plugins/pages.ts) are built from this list. A new page is a row here and its screen.

export type PageDefinition = {
  /** react-router's path syntax; "*" is the catch-all (a page that does not exist). */
  path: string;
  /** The source modules it needs at once (its lazy chunk). */
  modules: readonly string[];
  /**
   * Modules whose stylesheets it carries but whose code the browser never loads for it: the
   * Markdown renderer's and the highlighter's, where it shows text the server formatted (that
   * text stays the server's HTML, apps/web's components/markdown/FormattedText.tsx).
   */
  styles?: readonly string[];
  /** Inside the main layout (header, sidebar), or a screen of its own. */
  layout: boolean;
  /** Search engines may index it. */
  indexed: boolean;
};

const FORMATTED_TEXT_STYLES = ["src/components/markdown/Markdown.tsx", "src/components/markdown/highlight.tsx"];

export const PAGES = {
  home: { path: "/", modules: ["src/pages/HomePage.tsx"], layout: true, indexed: true },
  trending: { path: "/trending", modules: ["src/pages/TrendingPage.tsx"], layout: true, indexed: true },
  post: {
    path: "/posts/:slug",
    modules: ["src/pages/PostPage.tsx"],
    styles: FORMATTED_TEXT_STYLES,
    layout: true,
    indexed: true,
  },
  category: { path: "/cats/:slug", modules: ["src/pages/CategoryPage.tsx"], layout: true, indexed: true },
  profile: {
    path: "/u/:username",
    modules: ["src/pages/ProfilePage.tsx"],
    styles: FORMATTED_TEXT_STYLES,
    layout: true,
    indexed: true,
  },
  login: { path: "/login", modules: ["src/pages/LoginPage.tsx"], layout: false, indexed: false },
  auth: { path: "/auth", modules: ["src/pages/LoginPage.tsx"], layout: false, indexed: false },
  forgotPassword: {
    path: "/forgot-password",
    modules: ["src/pages/ForgotPasswordPage.tsx"],
    layout: false,
    indexed: false,
  },
  // Holds a mailed link's token in its address: the server sends it with no Referer.
  resetPassword: {
    path: "/reset-password",
    modules: ["src/pages/ResetPasswordPage.tsx"],
    layout: false,
    indexed: false,
  },
  // Holds a mailed link's token in its address: the server sends it with no Referer.
  confirmEmail: {
    path: "/confirm-email",
    modules: ["src/pages/ConfirmEmailPage.tsx"],
    layout: false,
    indexed: false,
  },
  settings: { path: "/settings", modules: ["src/pages/SettingsPage.tsx"], layout: true, indexed: false },
  search: { path: "/search", modules: ["src/pages/SearchPage.tsx"], layout: true, indexed: false },
  notifications: {
    path: "/notifications",
    modules: ["src/pages/NotificationsPage.tsx"],
    layout: true,
    indexed: false,
  },
  admin: { path: "/admin/*", modules: ["src/admin/AdminRoutes.tsx"], layout: false, indexed: false },
  notFound: { path: "*", modules: ["src/pages/NotFoundPage.tsx"], layout: true, indexed: false },
} as const satisfies Record<string, PageDefinition>;

export type PageName = keyof typeof PAGES;

/** The catch-all route's path: a page matched only by it does not exist. */
export const NOT_FOUND_PATH = PAGES.notFound.path;

/** The paths the server renders pages at (every page but the catch-all; "/admin/*" covers /admin too). */
export function pageRoutePaths(): string[] {
  return Object.values(PAGES).flatMap(({ path }) =>
    path === NOT_FOUND_PATH ? [] : path.endsWith("/*") ? [path.slice(0, -2), path] : [path],
  );
}
