// The only place that reads process.env. Every setting has a safe default; none is required.
import { join, resolve } from "node:path";

export type ServerConfig = {
  host: string;
  port: number;
  databasePath: string;
  /** postgres://… runs on PostgreSQL; undefined means the SQLite file at databasePath. */
  databaseUrl: string | undefined;
  /** Connections in the PostgreSQL pool. */
  databasePoolSize: number;
  logLevel: string;
  /** Set the Secure flag on the session cookie (behind HTTPS). */
  secureCookies: boolean;
  /** Trust X-Forwarded-* headers from a reverse proxy (client IP for rate limits). */
  trustProxy: boolean;
  webDistDir: string;
  uploadsDir: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  seed: "demo" | "none";
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const dataDir = resolve(cwd, "data");
  return {
    host: env.HOST ?? "0.0.0.0",
    port: Number(env.PORT ?? 3000),
    databasePath: resolve(cwd, env.DATABASE_PATH ?? join(dataDir, "forum.db")),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    logLevel: env.LOG_LEVEL ?? "info",
    secureCookies: env.FORUM_SECURE_COOKIES === "true",
    trustProxy: env.FORUM_TRUST_PROXY === "true",
    webDistDir: resolve(cwd, env.FORUM_WEB_DIST ?? "apps/web/dist"),
    uploadsDir: resolve(cwd, env.FORUM_UPLOADS_DIR ?? join(dataDir, "uploads")),
    adminUsername: env.FORUM_ADMIN_USERNAME || undefined,
    adminPassword: env.FORUM_ADMIN_PASSWORD || undefined,
    seed: env.FORUM_SEED === "none" ? "none" : "demo",
  };
}
