import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { accountRouter } from "./router/account";
import { adminRouter } from "./router/admin";
import { adsRouter } from "./router/ads";
import { apiTokensRouter } from "./router/apiTokens";
import { authRouter } from "./router/auth";
import { backupsRouter } from "./router/backups";
import { bulkRouter } from "./router/bulk";
import { categoriesRouter } from "./router/categories";
import { dataExportRouter } from "./router/dataExport";
import { emailRouter } from "./router/email";
import { forumSettingsRouter } from "./router/forumSettings";
import { mailRouter } from "./router/mail";
import { notificationsRouter } from "./router/notifications";
import { passwordRouter } from "./router/password";
import { postsRouter } from "./router/posts";
import { readStatesRouter } from "./router/readStates";
import { repliesRouter } from "./router/replies";
import { reportsRouter } from "./router/reports";
import { searchRouter } from "./router/search";
import { sessionsRouter } from "./router/sessions";
import { siteRouter } from "./router/site";
import { staffLogRouter } from "./router/staffLog";
import { twoStepRouter } from "./router/twoStep";
import { usersRouter } from "./router/users";
import { votesRouter } from "./router/votes";
import { webhooksRouter } from "./router/webhooks";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  categories: categoriesRouter,
  posts: postsRouter,
  replies: repliesRouter,
  votes: votesRouter,
  ads: adsRouter,
  admin: adminRouter,
  staffLog: staffLogRouter,
  bulk: bulkRouter,
  search: searchRouter,
  notifications: notificationsRouter,
  reports: reportsRouter,
  mail: mailRouter,
  password: passwordRouter,
  email: emailRouter,
  forumSettings: forumSettingsRouter,
  apiTokens: apiTokensRouter,
  webhooks: webhooksRouter,
  sessions: sessionsRouter,
  twoStep: twoStepRouter,
  dataExport: dataExportRouter,
  account: accountRouter,
  readStates: readStatesRouter,
  backups: backupsRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
export type ApiCaller = ReturnType<typeof createCaller>;
