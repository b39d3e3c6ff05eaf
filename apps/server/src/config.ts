// The only place that reads process.env. Every setting has a safe default; none is required.
import { join, resolve } from "node:path";

export type ServerConfig = {
  host: string;
  port: number;
  databasePath: string;
  logLevel: string;
  /** Set the Secure flag on the session cookie (behind HTTPS). */
  secureCookies: boolean;
  /**
   * Reverse proxies in front of the server whose X-Forwarded-* headers are trusted (the client
   * address for the throttles comes from X-Forwarded-For only then): false for none, true for
   * the one proxy every request comes through, or the proxies' addresses ("10.0.0.2,
   * 10.1.0.0/16"). Only the entries those proxies appended are believed, never what the client
   * itself put in the header.
   */
  trustProxy: boolean | string;
  /** Login, sign-up and new-account posting limits; false only for load tests and imports. */
  rateLimits: boolean;
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
    logLevel: env.LOG_LEVEL ?? "info",
    secureCookies: env.FORUM_SECURE_COOKIES === "true",
    trustProxy: trustProxyOf(env.FORUM_TRUST_PROXY),
    rateLimits: env.FORUM_RATE_LIMITS !== "off",
    webDistDir: resolve(cwd, env.FORUM_WEB_DIST ?? "apps/web/dist"),
    uploadsDir: resolve(cwd, env.FORUM_UPLOADS_DIR ?? join(dataDir, "uploads")),
    adminUsername: env.FORUM_ADMIN_USERNAME || undefined,
    adminPassword: env.FORUM_ADMIN_PASSWORD || undefined,
    seed: env.FORUM_SEED === "none" ? "none" : "demo",
  };
}

/** "true" is one proxy; a list of addresses or CIDR ranges names them; anything else trusts none. */
function trustProxyOf(value: string | undefined): boolean | string {
  if (value === "true") return true;
  return value && /^[0-9a-f.:/, ]+$/i.test(value) && /[.:]/.test(value) ? value : false;
}
