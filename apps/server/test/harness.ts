// A real server around a real temporary database (SQLite, or PostgreSQL in the suites' second
// run, see engines/), driven through inject() like a client.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { hashPassword } from "@forum/api";
import type { Role } from "@forum/contracts";
import { type ForumDb, hotScore } from "@forum/db";
import type { CompiledQuery } from "kysely";
import { type AppOptions, buildApp, type ForumApp } from "../src/app";
import type { MetricsAccess } from "../src/metrics/access";
import { createMetrics } from "../src/metrics/collector";
import { checkDocumented } from "./conformance";
import { createTestDatabase, type TestDatabase } from "./engines/testDatabase";

export { TEST_ENGINE } from "./engines/testDatabase";

export type TestForum = {
  app: ForumApp;
  db: ForumDb;
  /**
   * Another app instance on the same database (PostgreSQL's scale-out), closed with this one;
   * `options` override this forum's for it (a second server behind a trusted proxy).
   */
  startInstance: (options?: ForumOptions) => Promise<ForumApp>;
  close: () => Promise<void>;
};

export type ForumOptions = Partial<
  Pick<
    AppOptions,
    | "adTracking"
    | "trustProxy"
    | "secureCookies"
    | "clock"
    | "publicUrl"
    | "allowedHosts"
    | "mail"
    | "webhooks"
    | "dataExports"
    | "backups"
  >
> & {
  onNewStatement?: (sql: string) => void;
  /**
   * The login, sign-up and new-account posting limits. Off unless a suite asks: the suites sign
   * in many freshly made members from one address (127.0.0.1) and have them post at once, which
   * is what FORUM_RATE_LIMITS=off is for. The throttle tests turn them on.
   */
  rateLimits?: boolean;
  /** A built web app to serve (default: none). */
  webDistDir?: string;
  /** Changes the app before it is ready (a route of the test's own). */
  beforeReady?: (app: ForumApp) => void;
  /** GET /metrics on, readable from these addresses or with this token (each instance its own registry). */
  metrics?: MetricsAccess;
  /** The log's level (default silent) and where its lines go. */
  logLevel?: string;
  logStream?: { write: (line: string) => void };
};

async function appOn(database: TestDatabase, options: ForumOptions, serverKey: Buffer): Promise<ForumApp> {
  const collector = options.metrics ? createMetrics() : undefined;
  const app = await buildApp({
    database: database.open(collector?.observeQuery),
    logLevel: options.logLevel ?? "silent",
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.metrics && collector ? { metrics: { ...options.metrics, collector } } : {}),
    secureCookies: options.secureCookies ?? false,
    trustProxy: options.trustProxy ?? false,
    rateLimits: options.rateLimits ?? false,
    webDistDir: options.webDistDir ?? join(database.dir, "no-web-build"),
    uploadsDir: join(database.dir, "uploads"),
    ...(options.adTracking ? { adTracking: options.adTracking } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    // A cached answer changed in place would show one caller's data to the next: make it throw.
    freezeCachedAnswers: true,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    // Every instance of one forum shares its server key, as FORUM_SECRET_KEY makes them. The
    // webhook deliveries' sender runs only for a suite that asks (the webhook suite drives it).
    serverKey,
    webhooks: { background: false, ...options.webhooks },
    // The data exports' worker too: the suites that build exports drive it by hand.
    dataExports: { background: false, ...options.dataExports },
    // Backups (into the database's folder, "backups"): the schedule only when a suite drives it.
    backups: { background: false, ...options.backups },
  });
  options.beforeReady?.(app);
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export async function startForum(options: ForumOptions = {}): Promise<TestForum> {
  const database = await createTestDatabase(options);
  const serverKey = randomBytes(32);
  const app = await appOn(database, options, serverKey).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const others: ForumApp[] = [];
  return {
    app,
    db: app.services.db,
    startInstance: async (overrides = {}) => {
      const other = await appOn(database, { ...options, ...overrides }, serverKey);
      others.push(other);
      return other;
    },
    close: async () => {
      for (const instance of [app, ...others]) await instance.close();
      await database.drop();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely; assertions check them
export type Reply = { status: number; body: any; headers: Record<string, unknown> };
type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * A REST client bound to one cookie jar (one browser). Every answer from a documented /api
 * operation is checked against the OpenAPI document (conformance.ts): an undocumented status or
 * a body that does not match its schema fails the test that received it.
 */
export function client(app: ForumApp, cookie?: string) {
  const jar = { cookie };
  const send = async (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(jar.cookie ? { cookie: jar.cookie } : {}), ...headers },
    });
    await checkDocumented(app, method, url, response);
    const setCookie = response.cookies.find((c) => c.name === "forum_session");
    if (setCookie) {
      const cleared =
        !setCookie.value || (setCookie.expires !== undefined && setCookie.expires.getTime() <= Date.now());
      jar.cookie = cleared ? undefined : `forum_session=${setCookie.value}`;
    }
    // biome-ignore lint/suspicious/noExplicitAny: see Reply
    let body: any = response.body;
    try {
      body = response.json();
    } catch {
      // not JSON
    }
    return { status: response.statusCode, body, headers: response.headers } satisfies Reply;
  };
  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => send("GET", url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) => send("POST", url, payload, headers),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) => send("PUT", url, payload, headers),
    del: (url: string, headers?: Record<string, string>) => send("DELETE", url, undefined, headers),
  };
}
export type Client = ReturnType<typeof client>;

let userCounter = 0;
const passwordHashes = new Map<string, Promise<string>>();

/** Inserts an account directly (fast) with a known password; returns its id. */
export async function insertUser(
  db: ForumDb,
  fields: {
    username?: string;
    password?: string;
    role?: Role;
    banned?: boolean;
    email?: string;
    createdAt?: number;
  } = {},
) {
  userCounter += 1;
  const username = fields.username ?? `member${userCounter}`;
  const password = fields.password ?? "correct horse battery";
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const row = await db
    .insertInto("users")
    .values({
      username,
      email: fields.email ?? `${username}@example.com`,
      passwordHash: await (passwordHashes.get(password) as Promise<string>),
      firstName: null,
      lastName: null,
      bio: null,
      website: null,
      location: null,
      role: fields.role ?? "user",
      banned: fields.banned ? 1 : 0,
      profileImageUrl: null,
      preferences: null,
      createdAt: fields.createdAt ?? Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password };
}

/** Creates an account and returns a client signed in as it. */
export async function signedIn(forum: TestForum, fields: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(forum.db, fields);
  const browser = client(forum.app);
  const login = await browser.post("/api/login", { username: user.username, password: user.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return Object.assign(browser, { user });
}

export async function insertCategory(db: ForumDb, name = `Category ${++userCounter}`) {
  const row = await db
    .insertInto("categories")
    .values({
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      description: `About ${name}`,
      color: "#3b82f6",
      createdAt: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a post directly, with its category counter kept right. */
export async function insertPost(
  db: ForumDb,
  fields: { authorId: number; categoryId: number; title?: string; content?: string; createdAt?: number },
) {
  const createdAt = fields.createdAt ?? Date.now();
  const title = fields.title ?? `Post ${++userCounter}`;
  const row = await db
    .insertInto("posts")
    .values({
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${userCounter}`,
      title,
      content: fields.content ?? `Content of ${title}`,
      excerpt: null,
      categoryId: fields.categoryId,
      authorId: fields.authorId,
      hotScore: hotScore(0, 0, createdAt),
      createdAt,
      updatedAt: createdAt,
    })
    .returning(["id", "slug"])
    .executeTakeFirstOrThrow();
  await db
    .updateTable("categories")
    .set((eb) => ({ postCount: eb("postCount", "+", 1) }))
    .where("id", "=", fields.categoryId)
    .execute();
  return row;
}

/**
 * Records into `ran` every statement the query procedures run from now on (the read
 * connection's executor): tests count them to prove what was, or was not, computed again.
 */
export function recordReadStatements(forum: TestForum, ran: CompiledQuery[]): void {
  const executor = forum.app.services.readDb.getExecutor();
  const executeQuery = executor.executeQuery.bind(executor);
  executor.executeQuery = <R>(query: CompiledQuery<R>) => {
    ran.push(query);
    return executeQuery(query);
  };
}
