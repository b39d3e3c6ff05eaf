// buildApp: the whole HTTP server around an opened, migrated database. Tests call it with a
// temporary database and use inject(); main.ts calls it and listens.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import {
  AdTracking,
  type ApiServices,
  AppError,
  Backups,
  backupRecord,
  DataExports,
  type HubMessage,
  type LiveHub,
  Mailer,
  type MailFrom,
  ReadCache,
  recordStaffActions,
  SERVER_KEY_BYTES,
  startReadThreads,
  Throttles,
  ViewCounter,
  Webhooks,
  writeBulkExampleFiles,
  writeRunner,
} from "@forum/api";
import { AD_TRACKING, BULK_MAX_FILE_BYTES } from "@forum/contracts";
import { type DbHandle, databaseLocationOf } from "@forum/db";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import { LOCAL_HOSTS } from "./allowedHosts";
import { DEFAULT_SEARCH_THREADS, type ServerConfig } from "./config";
import { startLiveHub } from "./liveHub";
import { type MetricsOptions, registerMetrics } from "./metrics/register";
import { registerApiReference } from "./openapi/reference";
import { registerOpenApi } from "./openapi/register";
import { registerAdFrames } from "./plugins/adFrame";
import { registerAvatars } from "./plugins/avatars";
import { registerBackupDownload } from "./plugins/backupDownload";
import { createContextFactory } from "./plugins/context";
import { registerDataExportDownload } from "./plugins/dataExportDownload";
import { registerErrorHandling, sendError } from "./plugins/errors";
import { registerHealth } from "./plugins/health";
import { registerHostCheck } from "./plugins/hostCheck";
import { registerJsonParser } from "./plugins/json";
import { registerLiveEvents } from "./plugins/liveEvents";
import { registerNativeForms } from "./plugins/nativeForms";
import { registerOriginCheck } from "./plugins/origin";
import { loadPageRenderer, registerPages } from "./plugins/pages";
import { registerSecurityHeaders } from "./plugins/securityHeaders";
import { SharedAnswers } from "./plugins/sharedAnswers";
import { registerSiteLogo } from "./plugins/siteLogo";
import { registerSitemap } from "./plugins/sitemap";
import { registerSpreadsheetExport } from "./plugins/spreadsheetExport";
import { registerStatic } from "./plugins/static";
import { registerTrpc } from "./plugins/trpc";
import { registerUnsubscribe } from "./plugins/unsubscribe";
import { workerUploadParser } from "./plugins/uploadParser";
import { registerWriteTurns } from "./plugins/writeTurns";
import { requestIdOf, sendRequestIds } from "./requestId";
import { registerRestRoutes } from "./rest/adapter";
import { requestLogFields } from "./secretLinks";

export type AppOptions = Pick<
  ServerConfig,
  "logLevel" | "secureCookies" | "trustProxy" | "rateLimits" | "webDistDir" | "uploadsDir"
> &
  Partial<Pick<ServerConfig, "publicUrl" | "searchThreads" | "allowedHosts">> & {
    database: DbHandle;
    /** Ad tracking: events allowed per client, ad and kind in each window (default: the contract's). */
    adTracking?: { limit: number; windowMs: number };
    /** The throttles' and the read cache's clock (tests move it forward instead of waiting). */
    clock?: () => number;
    /**
     * Mail: SMTP_URL (undefined keeps mail in the outbox, unsent), MAIL_FROM, the links' base
     * (default: the public address, else localhost), FORUM_TIME_ZONE, the notification-mail wait,
     * and whether the background sender and mail jobs run (tests that drive them by hand turn
     * them off).
     */
    mail?: {
      smtpUrl?: string;
      /** MAIL_FROM; default forum@localhost, named with the forum's name (MailFrom). */
      from?: MailFrom;
      linkBase?: string;
      timeZone?: string;
      notifyDelayMs?: number;
      background?: boolean;
      pollMs?: number;
    };
    /**
     * The server key that seals the secrets the forum reads again (webhook and TOTP secrets):
     * main.ts passes FORUM_SECRET_KEY or the data folder's key; default a random one for this
     * process (tests give every instance of one forum the same).
     */
    serverKey?: Buffer;
    /**
     * Webhooks: the operator's settings, and whether the background sender runs (tests that
     * drive it by hand turn it off).
     */
    webhooks?: {
      allowHttp?: boolean;
      allowPrivate?: boolean;
      background?: boolean;
      pollMs?: number;
      timeoutMs?: number;
    };
    /**
     * "Download my data": whether the background worker that builds exports runs (tests that
     * drive it by hand turn it off), and how often it looks for work.
     */
    dataExports?: { background?: boolean; pollMs?: number };
    /**
     * Backups: the folder (default: "backups" beside the uploads folder), how many to keep
     * (default 7), FORUM_BACKUP_EVERY, the server key's file (it goes into each backup), and
     * whether the schedule runs (tests that drive it by hand turn it off).
     */
    backups?: {
      dir?: string;
      keep?: number;
      every?: { text: string; ms: number } | null;
      secretKeyPath?: string;
      background?: boolean;
      pollMs?: number;
    };
    /** Tests: kept answers are deep-frozen, so code that changes one in place throws. */
    freezeCachedAnswers?: boolean;
    /** GET /metrics and what it measures (FORUM_METRICS=true); absent, neither the route nor its hooks exist. */
    metrics?: MetricsOptions;
    /** Where the JSON log lines go (default standard output; tests read them). */
    logStream?: { write: (line: string) => void };
  };

declare module "fastify" {
  interface FastifyInstance {
    /** The long-lived services behind every procedure (tests reach the database through it). */
    services: ApiServices;
  }
}

export type ForumApp = FastifyInstance;

export async function buildApp(options: AppOptions): Promise<ForumApp> {
  const app = Fastify({
    // JSON lines. A mailed link's token never reaches a log line (secretLinks.ts), nor do headers
    // (cookies, API tokens) or bodies (passwords): only the fields requestLogFields picks.
    logger: {
      level: options.logLevel,
      serializers: { req: requestLogFields },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // The request id of every log line, also sent back as X-Request-Id (requestId.ts).
    genReqId: requestIdOf,
    // `true` trusts the one proxy in front (the peer), never Fastify's `true` (every hop): that
    // would take the client address from the leftmost X-Forwarded-For entry, which the client
    // writes itself.
    trustProxy: options.trustProxy === true ? (_address: string, hop: number) => hop === 0 : options.trustProxy,
    // Batched tRPC GETs put every procedure path in the URL.
    routerOptions: { maxParamLength: 5000 },
    // Requests the router cannot even parse (broken percent-encoding) answer like every error.
    frameworkErrors: (_error, _request, reply) =>
      void sendError(reply as FastifyReply, new AppError("BAD_REQUEST", "The request path is not valid")),
    // A log line per request costs more than a cached read; keep them for debugging only.
    logController: new LogController({
      disableRequestLogging: options.logLevel !== "debug" && options.logLevel !== "trace",
    }),
  });

  // First, so it sees every route registered after it: each /api route must be documented.
  registerOpenApi(app);

  const readCache = new ReadCache(1000, options.freezeCachedAnswers ?? false, {
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // The post page shows exact view counts: written views make it stale (lists lag a minute).
  const views = new ViewCounter(
    options.database.db,
    1000,
    () => readCache.invalidate(["views"]),
    (error) => app.log.warn({ err: error }, "view counts not written; retrying with the next flush"),
  );
  views.start();
  const live = startLiveHub(app, options);
  const stopWatchingWrites = watchOtherInstances(app, options.database, readCache, live);
  const tracking = options.adTracking ?? AD_TRACKING;
  const mail = startMail(app, options);
  const serverKey = options.serverKey ?? randomBytes(SERVER_KEY_BYTES);
  const webhooks = startWebhooks(app, options, serverKey);
  const dataExports = startDataExports(app, options, mail);
  const backups = startBackups(app, options);
  const services: ApiServices = {
    db: options.database.db,
    readDb: options.database.reader,
    runWrite: writeRunner(options.database),
    readCache,
    views,
    adTracking: new AdTracking(options.database.db, tracking.limit, tracking.windowMs, options.clock),
    throttles: new Throttles(options.database.db, options.rateLimits, options.clock),
    mail,
    webhooks,
    dataExports,
    backups,
    live,
    serverKey,
    parseUpload: workerUploadParser(),
  };
  // SQLite: searches and every query's statements on reader threads (services/readThreads.ts).
  const readThreads = startReadThreads(options.database, options.searchThreads ?? DEFAULT_SEARCH_THREADS);
  if (readThreads) {
    services.search = readThreads.search;
    services.readDb = readThreads.readDb;
  }
  app.decorate("services", services);
  sendRequestIds(app);
  app.addHook("onClose", async () => {
    await stopWatchingWrites();
    await views.stop();
    await mail.jobs.stop();
    await mail.sender?.stop();
    await webhooks.sender.stop();
    await dataExports.worker.stop();
    await backups.stop();
    await options.database.close();
  });

  mkdirSync(options.uploadsDir, { recursive: true });
  writeExampleFiles(app, options.uploadsDir);
  await app.register(fastifyCookie);
  // The contract's limit, so the 413 message, the API document and the import check agree.
  await app.register(fastifyMultipart, { limits: { fileSize: BULK_MAX_FILE_BYTES, files: 1 } });
  registerJsonParser(app);
  registerSecurityHeaders(app, { https: options.secureCookies });
  registerErrorHandling(app);
  // Before every other route, so each request is measured; after the error handling its refusal uses.
  if (options.metrics) {
    registerMetrics(app, options.metrics, {
      database: options.database,
      reader: options.database.reader,
      cacheCounts: readCache.counts,
      live,
    });
  }
  // Unset: this machine's names, or any host when the public address names the forum.
  registerHostCheck(app, options.allowedHosts ?? (options.publicUrl ? null : LOCAL_HOSTS));
  registerOriginCheck(app);
  registerWriteTurns(app);
  registerHealth(app, options.database);

  const contextFor = createContextFactory(services, {
    secureCookies: options.secureCookies,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const shared = new SharedAnswers(readCache, views);
  // Pages are larger than JSON answers: their own room, so rendered pages do not push the JSON out.
  const keptPages = new SharedAnswers(readCache, views, 32 * 1024 * 1024, "pages");
  await registerTrpc(app, contextFor, shared);
  registerRestRoutes(app, contextFor, shared);
  registerNativeForms(app, { contextFor, secureCookies: options.secureCookies });
  registerUnsubscribe(app, { contextFor, db: services.readDb, now: mail.now });
  registerApiReference(app);
  registerAdFrames(app, options.database.reader);
  registerAvatars(app, options.database.reader);
  registerSiteLogo(app, options.database.reader);
  registerLiveEvents(app, { contextFor, hub: live, reader: options.database.reader });
  registerDataExportDownload(app, { contextFor, reader: options.database.reader, now: dataExports.now });
  registerSpreadsheetExport(app, { contextFor, reader: options.database.reader, now: options.clock ?? Date.now });
  registerBackupDownload(app, { contextFor, backups });
  registerSitemap(app, { services, shared, publicUrl: options.publicUrl });
  const renderer = await loadPageRenderer(options.webDistDir);
  const servePage = renderer
    ? registerPages(app, renderer, {
        contextFor,
        shared: keptPages,
        services,
        publicUrl: options.publicUrl,
        webDistDir: options.webDistDir,
      })
    : undefined;
  await registerStatic(app, { webDistDir: options.webDistDir, uploadsDir: options.uploadsDir, servePage });
  return app;
}

/**
 * Other app instances' writes make cached answers stale here too. While the database cannot
 * report them (its connection is down), nothing is cached: no stale page, only slower ones.
 */
function watchOtherInstances(
  app: ForumApp,
  database: DbHandle,
  readCache: ReadCache,
  live: LiveHub,
): () => Promise<void> {
  let lost = false;
  return database.watchWrites({
    onWrite: (kind) => (kind ? readCache.invalidate([kind]) : readCache.invalidateAll()),
    onConnectionChange: (connected) => {
      readCache.enabled = connected;
      if (!connected) app.log.warn("lost the database's write notifications; caching paused until they are back");
      // Other instances' live events sent meanwhile are lost: every stream reads its page again.
      if (connected && lost) live.resyncAll();
      lost = !connected;
    },
    onBroadcast: (payload) => {
      try {
        live.deliver(JSON.parse(payload) as HubMessage[]);
      } catch (error) {
        app.log.warn({ err: error }, "a live event from another instance could not be read");
      }
    },
  });
}

/**
 * The outbox and its sender. Without SMTP_URL every mail is still written to the outbox and kept
 * there, unsent: said once at start, so nobody waits for mail that will not come.
 */
function startMail(app: ForumApp, options: AppOptions): Mailer {
  const settings = options.mail ?? {};
  const mail = new Mailer(options.database.db, {
    smtpUrl: settings.smtpUrl,
    from: settings.from ?? { address: "forum@localhost" },
    linkBase: settings.linkBase ?? options.publicUrl ?? "http://localhost:3000",
    ...(options.clock ? { clock: options.clock } : {}),
    ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
    jobs: {
      ...(settings.notifyDelayMs === undefined ? {} : { notifyDelayMs: settings.notifyDelayMs }),
      onError: (error) => app.log.warn({ err: error }, "notification mail or digest not queued; trying again later"),
    },
    sender: {
      ...(settings.pollMs ? { pollMs: settings.pollMs } : {}),
      onFailure: (failure) =>
        app.log.warn(failure, failure.gaveUp ? "mail failed; retries given up" : "mail not sent; retrying later"),
      onError: (error) => app.log.warn({ err: error }, "mail sender could not read the outbox; trying again later"),
    },
  });
  if (!mail.sender) {
    app.log.info("mail is kept in the outbox, not sent (SMTP_URL is not set): admins read it on the admin Mail screen");
  } else if (settings.background !== false) mail.sender.start();
  // Without SMTP too: notifications are then marked dealt with (no mail), so none is mailed late
  // once SMTP is configured.
  if (settings.background !== false) mail.jobs.start();
  return mail;
}

/** Webhook deliveries' sender: every instance runs one; each delivery is claimed by one of them. */
function startWebhooks(app: ForumApp, options: AppOptions, serverKey: Buffer): Webhooks {
  const settings = options.webhooks ?? {};
  const webhooks = new Webhooks(options.database.db, {
    serverKey,
    allowHttp: settings.allowHttp ?? false,
    allowPrivate: settings.allowPrivate ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
    sender: {
      pollMs: settings.pollMs ?? 2_000,
      ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
      onFailure: (failure) => app.log.warn(failure, "webhook not delivered; retrying later"),
      onError: (error) =>
        app.log.warn({ err: error }, "webhook sender could not read its deliveries; trying again later"),
    },
  });
  if (settings.background !== false) webhooks.sender.start();
  return webhooks;
}

/** The data exports' builder: every instance runs one; each export is claimed and built by one of them. */
function startDataExports(app: ForumApp, options: AppOptions, mail: Mailer): DataExports {
  const settings = options.dataExports ?? {};
  const dataExports = new DataExports(options.database.db, mail, {
    ...(options.clock ? { clock: options.clock } : {}),
    worker: {
      pollMs: settings.pollMs ?? 30_000,
      onFailure: (failure) => app.log.warn(failure, "data export not built; retrying later"),
      onError: (error) =>
        app.log.warn({ err: error }, "data export worker could not read its queue; trying again later"),
    },
  });
  if (settings.background !== false) dataExports.worker.start();
  return dataExports;
}

/**
 * Backups: the admin screen's and the schedule's (FORUM_BACKUP_EVERY), which every instance runs;
 * each period's backup is claimed by one of them.
 */
function startBackups(app: ForumApp, options: AppOptions): Backups {
  const settings = options.backups ?? {};
  const backups = new Backups(options.database.db, {
    source: {
      database: databaseLocationOf(options.database),
      uploadsDir: options.uploadsDir,
      secretKeyPath: settings.secretKeyPath,
    },
    dir: settings.dir ?? join(dirname(options.uploadsDir), "backups"),
    keep: settings.keep ?? 7,
    every: settings.every ?? null,
    ...(settings.pollMs ? { pollMs: settings.pollMs } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    // An admin's "Back up now" is in the staff log by its procedure (router/backups.ts); the
    // schedule's backups are logged here, with no one as their actor.
    onTaken: async (backup, by) => {
      app.log.info({ backup: backup.name, sizeBytes: backup.sizeBytes, by }, "backup written");
      if (by === "schedule") {
        await recordStaffActions(options.database.db, null, [backupRecord(backup.name, backup.sizeBytes, "schedule")]);
      }
    },
    onError: (error) => app.log.warn({ err: error }, "scheduled backup failed; trying again later"),
  });
  if (settings.background !== false) backups.start();
  return backups;
}

/** The bulk-upload screen links to /uploads/example_<type>.xlsx; a forum without them still runs. */
function writeExampleFiles(app: ForumApp, uploadsDir: string): void {
  try {
    const written = writeBulkExampleFiles(uploadsDir);
    if (written.length > 0) app.log.info({ files: written }, "bulk-upload example files written");
  } catch (error) {
    app.log.warn({ err: error }, "could not write the bulk-upload example files");
  }
}
