// What every procedure sees. The server builds one per request; tests build it the same way.
import type { ForumDb } from "@forum/db";
import type { ApiTokenAuth } from "./auth/apiTokens";
import type { Session, SessionUser } from "./auth/sessions";
import type { Backups } from "./backups/backups";
import type { DataExports } from "./dataExport/exports";
import type { LiveHub } from "./live/hub";
import type { Mailer } from "./mail/mailer";
import type { AdTracking } from "./services/adTracking";
import type { UploadParser } from "./services/bulk/parse";
import type { ReadCache } from "./services/readCache";
import type { Searcher } from "./services/search";
import type { Throttles } from "./services/throttles";
import type { ViewCounter } from "./services/viewCounter";
import type { Webhooks } from "./webhooks/webhooks";
import type { RunWrite } from "./writes/runner";

/** Long-lived pieces shared by every request of one server. */
export type ApiServices = {
  /** Writes go here; inside a query procedure `db` is the reader (see trpc.ts). */
  db: ForumDb;
  /** The read-only connection: queries run on it so they never wait behind a write. */
  readDb: ForumDb;
  /** The hottest writes, whole on SQLite's writer thread (writes/writerProcedures.ts). */
  runWrite: RunWrite;
  views: ViewCounter;
  /** Hot read answers until the next write (see services/readCache.ts). */
  readCache: ReadCache;
  /** Ad impressions and clicks per client, ad and kind. */
  adTracking: AdTracking;
  /** Login, sign-up and new-account posting limits, counted in the database (services/throttles.ts). */
  throttles: Throttles;
  /** Mail: the outbox, where its links point, the background sender (packages/api/src/mail). */
  mail: Mailer;
  /** Seals the secrets the forum reads again (secrets/sealed.ts): FORUM_SECRET_KEY. */
  serverKey: Buffer;
  /** Webhooks: the operator's settings, the server key, the background sender (packages/api/src/webhooks). */
  webhooks: Webhooks;
  /** "Download my data": the background worker that builds members' exports (packages/api/src/dataExport). */
  dataExports: DataExports;
  /** Backups: the folder, the schedule, "Back up now" (packages/api/src/backups). */
  backups: Backups;
  /** The live streams of this server (GET /api/events) and what they hear (live/hub.ts). */
  live: LiveHub;
  /** Where searches run (SQLite: reader threads, services/readThreads.ts); default: on `readDb`. */
  search?: Searcher;
  /** Where spreadsheet uploads are parsed (default: on the calling thread). */
  parseUpload?: UploadParser;
};

/** How a procedure sets or clears the session cookie without knowing the HTTP framework. */
export type SessionCookies = {
  set: (token: string, expiresAt: number) => void;
  clear: () => void;
};

export type Context = ApiServices & {
  user: SessionUser | null;
  /** The cookie's session; null for a visitor and for a request signed with an API token. */
  session: Session | null;
  /** The request's `Authorization: Bearer` API token (auth/apiTokens.ts), if it came with one. */
  apiToken: ApiTokenAuth | null;
  clientIp: string;
  /** The request's User-Agent (at most 300 characters), kept with a session it starts. */
  userAgent: string | null;
  cookies: SessionCookies;
};
