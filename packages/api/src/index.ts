export { hashPassword, verifyPassword } from "./auth/password";
export {
  SESSION_LIFETIME_MS,
  type SessionUser,
  type ValidatedSession,
  validateSessionToken,
} from "./auth/sessions";
export type { ApiServices, Context, SessionCookies } from "./context";
export { httpStatusOf, publicDetails, publicMessage, retryAfterOf, unavailableIfDatabaseDown } from "./errors";
export { type FailureStatus, type ProcedureDoc, type ProcedurePath, procedureDocs } from "./procedureDocs";
export { type ApiCaller, type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./root";
export { findShownAdContent } from "./services/ads";
export { AdTracking } from "./services/adTracking";
export { ensureAdmin } from "./services/bootstrap";
export { exampleWorkbook, writeBulkExampleFiles } from "./services/bulk/examples";
export type { ParsedUpload, UploadParser } from "./services/bulk/parse";
export { ReadCache } from "./services/readCache";
export {
  countPosts,
  SITEMAP_URLS_PER_FILE,
  type SitemapEntry,
  sitemapCategories,
  sitemapPosts,
} from "./services/sitemap";
export { Throttles } from "./services/throttles";
export { ViewCounter } from "./services/viewCounter";
export type { Access, ProcedureMeta } from "./trpc";
