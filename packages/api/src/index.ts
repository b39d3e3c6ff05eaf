export { type ApiTokenAuth, bearerTokenOf, type ResolvedApiToken, resolveApiToken } from "./auth/apiTokens";
export { hashPassword, verifyPassword } from "./auth/password";
export {
  SESSION_LIFETIME_MS,
  type SessionUser,
  type ValidatedSession,
  validateSessionToken,
} from "./auth/sessions";
export { totpCode, totpStepAt } from "./auth/totp";
export { assertMayDownloadBackups } from "./backups/access";
export { BackupInProgress, type BackupSettings, Backups } from "./backups/backups";
export { type BackupFile, listBackups, pruneBackups } from "./backups/files";
export { RestoreRefused, type RestoreReport, restoreBackup } from "./backups/restore";
export { backupPeriod, parseBackupInterval } from "./backups/schedule";
export type { BackupSource } from "./backups/source";
export { takeBackup } from "./backups/take";
export { type CountedView, countedViewOf } from "./cache/countedView";
export { type CacheCount, CacheCounts } from "./cache/counts";
export { keptThrough, type Placement, type PostMove, placementOf } from "./cache/placement";
export {
  type CachePolicy,
  type CachePool,
  cacheKeyOf,
  type QueryCache,
  readScopeOf,
  sharesHttpBody,
} from "./cache/policy";
export type { ApiServices, Context, SessionCookies } from "./context";
export { DataExports, type DataExportsOptions } from "./dataExport/exports";
export { DATA_EXPORT_LEASE_MS, DataExportWorker } from "./dataExport/worker";
export {
  type Answer,
  answer,
  answerSchemaOf,
  type FailureStatus,
  type ProcedureDescription,
  type ProcedurePath,
  type RestMapping,
  type RestMethod,
  restMappingsOf,
} from "./describe";
export { AppError, appErrorOf, type ErrorKind, errorBody, errorKindOfStatus, httpStatusOf } from "./errors";
export { type HubMessage, LiveHub, type LiveStream } from "./live/hub";
export { escapeHtml, type MailContent, type RenderedMail, renderMail } from "./mail/content";
export { DIGEST_CATCH_UP_MS } from "./mail/digest";
export { DIGEST_ITEMS } from "./mail/digestDiscussions";
export { MailJobs, type MailJobsOptions } from "./mail/jobs";
export { Mailer, type MailerOptions } from "./mail/mailer";
export { linkTo, type MailSite, type QueuedMail } from "./mail/outbox";
export { isTimeZone, latestDigestTime } from "./mail/schedule";
export { LEASE_MS, type MailFrom, MailSender } from "./mail/sender";
export { type MailTransport, type OutgoingMessage, smtpTransport } from "./mail/transport";
export { UNSUBSCRIBE_LINK_LIFETIME_MS, unsubscribeListOf } from "./mail/unsubscribe";
export { GIVE_UP_AFTER_MS, retryPauseMs } from "./outbox/retry";
export { type ApiCaller, type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./root";
export { SERVER_KEY_BYTES } from "./secrets/sealed";
export { findShownAdContent } from "./services/ads";
export { AdTracking } from "./services/adTracking";
export { AVATAR_PATH, findAvatar, parseAvatarFileName } from "./services/avatars";
export { ensureAdmin } from "./services/bootstrap";
export { importSpreadsheet } from "./services/bulk";
export { exampleWorkbook, writeBulkExampleFiles } from "./services/bulk/examples";
export type { ParsedUpload, UploadParser } from "./services/bulk/parse";
export { type DataExportFile, dataExportFile } from "./services/dataExport";
export { assertStaffTwoStep } from "./services/forumSettings";
export { ReadCache, type ReadScope } from "./services/readCache";
export { type ReadThreads, startReadThreads } from "./services/readThreads";
export { type Searcher, searcherOn } from "./services/search";
export { publicSessionId } from "./services/sessionList";
export { findSiteLogo, getSite, parseSiteLogoFileName, SITE_LOGO_PATH, siteName } from "./services/site";
export {
  countPosts,
  SITEMAP_URLS_PER_FILE,
  type SitemapEntry,
  sitemapCategories,
  sitemapPosts,
} from "./services/sitemap";
export { Throttles } from "./services/throttles";
export { ViewCounter } from "./services/viewCounter";
export { type SpreadsheetExport, spreadsheetExport } from "./spreadsheetExport";
export { backupRecord, recordStaffActions, type StaffActor, type StaffRecord, staffActor } from "./staffLog/record";
export { type Access, type ProcedureMeta, toAppError, toTRPCError } from "./trpc";
export { Webhooks, type WebhooksOptions } from "./webhooks/webhooks";
export { type RunWrite, writeRunner } from "./writes/runner";
