// The only place that reads process.env. Every setting has a safe default; none is required.
// Values are checked at start-up against one schema: a bad one stops the server with a message
// naming the variable (main.ts exits with code 2), rather than running with NaN or a typo.
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { isTimeZone, type MailFrom, parseBackupInterval } from "@forum/api";
import { z } from "zod";
import { hostEntry, LOCAL_HOSTS, listenAddresses } from "./allowedHosts";

export type ServerConfig = {
  host: string;
  port: number;
  databasePath: string;
  /** postgres://… runs on PostgreSQL; undefined means the SQLite file at databasePath. */
  databaseUrl: string | undefined;
  /** Connections in the PostgreSQL pool. */
  databasePoolSize: number;
  /**
   * SQLite: worker threads that run searches, each with a read-only connection of its own (0
   * searches on the event loop). PostgreSQL's pool ignores it.
   */
  searchThreads: number;
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
  /**
   * The forum's public address ("https://forum.example.com"), for canonical links, link previews
   * and the sitemap; undefined takes each request's own scheme and host.
   */
  publicUrl: string | undefined;
  /**
   * The host names requests may name (FORUM_ALLOWED_HOSTS; allowedHosts.ts): by default this
   * machine's own (localhost, 127.0.0.1, [::1] and the address it listens on). Undefined with
   * FORUM_PUBLIC_URL alone: every address then comes from it, and any host is served.
   */
  allowedHosts: string[] | undefined;
  uploadsDir: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  seed: "demo" | "none";
  /** SMTP_URL ("smtps://user:pass@mail.example:465"); undefined keeps every mail in the outbox, unsent. */
  smtpUrl: string | undefined;
  /**
   * MAIL_FROM ("Tech Forum <forum@example.com>"): the sender of every mail. Unset: forum@ the
   * public host, named with the forum's name as the admin set it (screen "Site").
   */
  mailFrom: MailFrom;
  /** How long a reply or mention notification stays unread before it is mailed (seconds). */
  emailNotifyDelaySeconds: number;
  /** FORUM_TIME_ZONE (IANA, "Europe/Paris"): the weekly digest's day and hour are the forum's local time. */
  timeZone: string;
  /**
   * FORUM_SECRET_KEY (64 hex digits): seals the secrets the forum must read again (webhook
   * secrets, two-step sign-in secrets). Undefined: the key in `secretKeyPath`, generated there on first start.
   */
  secretKey: Buffer | undefined;
  /** Where the generated server key is kept: beside the SQLite file (./data/secret.key by default). */
  secretKeyPath: string;
  /** FORUM_WEBHOOKS_ALLOW_HTTP: webhook endpoints may use plain http://. */
  webhooksAllowHttp: boolean;
  /** FORUM_WEBHOOKS_ALLOW_PRIVATE: webhooks may be delivered to private and loopback addresses. */
  webhooksAllowPrivate: boolean;
  /**
   * GET /metrics in Prometheus's text format (FORUM_METRICS=true; off, the route does not exist).
   * It answers requests from the `allow` addresses or CIDR ranges (FORUM_METRICS_ALLOW, default
   * loopback) and those bearing `token` (FORUM_METRICS_TOKEN); any other gets a 404.
   */
  metrics: { enabled: boolean; allow: string[]; token: string | undefined };
  /** FORUM_BACKUP_DIR: where backups are written and listed (default: "backups" beside the SQLite file, ./data/backups). */
  backupDir: string;
  /** FORUM_BACKUP_EVERY ("24h", "30m", "7d"): the server backs up by itself once per period; null: never. */
  backupEvery: { text: string; ms: number } | null;
  /** FORUM_BACKUP_KEEP: how many backups the folder keeps (default 7); older ones are deleted. */
  backupKeep: number;
};

/** Who may read /metrics without a token: this machine only. */
export const DEFAULT_METRICS_ALLOW = ["127.0.0.0/8", "::1"];

/** A setting that is unset or empty takes its default. */
const unset = (value: unknown) => (value === "" ? undefined : value);
const flag = z.preprocess(unset, z.enum(["true", "false"]).default("false")).transform((value) => value === "true");
const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(unset, z.coerce.number().int().min(min).max(max).default(fallback));
const text = z.preprocess(unset, z.string().optional());
/** "true" is the one proxy in front; a list of addresses or CIDR ranges names the proxies. */
const trustProxy = z.preprocess(
  unset,
  z
    .string()
    .default("false")
    .refine(
      (value) => value === "true" || value === "false" || value.split(",").every(isAddressOrRange),
      'must be true, false, or the proxies\' addresses or CIDR ranges ("10.0.0.2, 10.1.0.0/16")',
    )
    .transform((value) => (value === "true" ? true : value === "false" ? false : value)),
);

/**
 * One search thread per core beyond the event loop's, at most 4. Each holds up to ~80 MB (its heap
 * and page cache): on 2 cores a second thread only shared a core with the first and the event loop,
 * and took the server's peak RSS from 303 to 418 MB (issue 5's budget is 300; bench/README.md).
 */
export const DEFAULT_SEARCH_THREADS = Math.min(4, Math.max(1, availableParallelism() - 1));

const envSchema = z.object({
  HOST: z.preprocess(unset, z.string().default("0.0.0.0")),
  PORT: integer(3000, 0, 65_535),
  DATABASE_PATH: text,
  DATABASE_URL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_POOL_SIZE: integer(10, 1, 1_000),
  FORUM_SEARCH_THREADS: integer(DEFAULT_SEARCH_THREADS, 0, 16),
  LOG_LEVEL: z.preprocess(
    unset,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  FORUM_SECURE_COOKIES: flag,
  FORUM_TRUST_PROXY: trustProxy,
  FORUM_RATE_LIMITS: z.preprocess(unset, z.enum(["on", "off"]).default("on")),
  FORUM_WEB_DIST: text,
  FORUM_PUBLIC_URL: z.preprocess(
    unset,
    z
      .string()
      .refine(
        isOrigin,
        'must be the forum\'s address: http:// or https://, a host, no path ("https://forum.example.com")',
      )
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  FORUM_ALLOWED_HOSTS: z.preprocess(
    unset,
    z
      .string()
      .refine(
        (value) => value.split(",").every((entry) => hostEntry(entry) !== null),
        'must be host names or IP addresses separated by commas, without scheme or port ("forum.example.com, 10.0.0.5")',
      )
      .transform((value) => value.split(",").map((entry) => hostEntry(entry) as string))
      .optional(),
  ),
  FORUM_UPLOADS_DIR: text,
  FORUM_ADMIN_USERNAME: text,
  FORUM_ADMIN_PASSWORD: text,
  FORUM_SEED: z.preprocess(unset, z.enum(["demo", "none"]).default("demo")),
  SMTP_URL: z.preprocess(
    unset,
    z
      .string()
      .refine(
        isSmtpUrl,
        'must be an SMTP server\'s address: smtp:// or smtps://, a host, user and password if it needs them ("smtps://user:pass@mail.example:465")',
      )
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    unset,
    z
      .string()
      .refine(isMailbox, 'must be an address, with a name if you like ("Tech Forum <forum@example.com>")')
      .optional(),
  ),
  FORUM_EMAIL_NOTIFY_DELAY_SECONDS: integer(600, 0, 7 * 24 * 3600),
  FORUM_SECRET_KEY: z.preprocess(
    unset,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal digits (32 random bytes: openssl rand -hex 32)")
      .transform((value) => Buffer.from(value, "hex"))
      .optional(),
  ),
  FORUM_WEBHOOKS_ALLOW_HTTP: flag,
  FORUM_WEBHOOKS_ALLOW_PRIVATE: flag,
  FORUM_METRICS: flag,
  FORUM_METRICS_ALLOW: z.preprocess(
    unset,
    z
      .string()
      .refine(
        (value) => value.split(",").every(isAddressOrRange),
        'must be IP addresses or CIDR ranges separated by commas ("127.0.0.1, 10.0.0.0/8")',
      )
      .transform((value) => value.split(",").map((entry) => entry.trim()))
      .optional(),
  ),
  FORUM_METRICS_TOKEN: z.preprocess(
    unset,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, "must be at least 16 characters, without spaces (openssl rand -hex 32)")
      .optional(),
  ),
  FORUM_BACKUP_DIR: text,
  FORUM_BACKUP_EVERY: z.preprocess(
    unset,
    z
      .string()
      .refine(
        (value) => parseBackupInterval(value) !== null,
        'must be a length of time of at least a minute, in minutes, hours or days ("30m", "24h", "7d")',
      )
      .optional(),
  ),
  FORUM_BACKUP_KEEP: integer(7, 1, 10_000),
  FORUM_TIME_ZONE: z.preprocess(
    unset,
    z
      .string()
      .default("UTC")
      .refine(isTimeZone, 'must be a time zone\'s name ("UTC", "Europe/Paris", "America/New_York")'),
  ),
});

/** A setting the server cannot run with; its message names the variable. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const settings = parsed.data;
  const dataDir = resolve(cwd, "data");
  return {
    host: settings.HOST,
    port: settings.PORT,
    databasePath: resolve(cwd, settings.DATABASE_PATH ?? join(dataDir, "forum.db")),
    databaseUrl: settings.DATABASE_URL,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    searchThreads: settings.FORUM_SEARCH_THREADS,
    logLevel: settings.LOG_LEVEL,
    secureCookies: settings.FORUM_SECURE_COOKIES,
    trustProxy: settings.FORUM_TRUST_PROXY,
    rateLimits: settings.FORUM_RATE_LIMITS === "on",
    webDistDir: resolve(cwd, settings.FORUM_WEB_DIST ?? "apps/web/dist"),
    publicUrl: settings.FORUM_PUBLIC_URL,
    allowedHosts: allowedHosts(settings.FORUM_ALLOWED_HOSTS, settings.FORUM_PUBLIC_URL, settings.HOST),
    uploadsDir: resolve(cwd, settings.FORUM_UPLOADS_DIR ?? join(dataDir, "uploads")),
    adminUsername: settings.FORUM_ADMIN_USERNAME,
    adminPassword: settings.FORUM_ADMIN_PASSWORD,
    seed: settings.FORUM_SEED,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM ?? defaultMailFrom(settings.FORUM_PUBLIC_URL),
    emailNotifyDelaySeconds: settings.FORUM_EMAIL_NOTIFY_DELAY_SECONDS,
    timeZone: settings.FORUM_TIME_ZONE,
    secretKey: settings.FORUM_SECRET_KEY,
    // Beside the SQLite file: the data folder a backup takes whole.
    secretKeyPath: join(dirname(resolve(cwd, settings.DATABASE_PATH ?? join(dataDir, "forum.db"))), "secret.key"),
    webhooksAllowHttp: settings.FORUM_WEBHOOKS_ALLOW_HTTP,
    webhooksAllowPrivate: settings.FORUM_WEBHOOKS_ALLOW_PRIVATE,
    metrics: {
      enabled: settings.FORUM_METRICS,
      allow: settings.FORUM_METRICS_ALLOW ?? DEFAULT_METRICS_ALLOW,
      token: settings.FORUM_METRICS_TOKEN,
    },
    // Beside the SQLite file by default, like the server key (./data/backups).
    backupDir: resolve(
      cwd,
      settings.FORUM_BACKUP_DIR ??
        join(dirname(resolve(cwd, settings.DATABASE_PATH ?? join(dataDir, "forum.db"))), "backups"),
    ),
    backupEvery: settings.FORUM_BACKUP_EVERY
      ? { text: settings.FORUM_BACKUP_EVERY.trim(), ms: parseBackupInterval(settings.FORUM_BACKUP_EVERY) as number }
      : null,
    backupKeep: settings.FORUM_BACKUP_KEEP,
  };
}

/** The listed hosts (and the public address's), or this machine's own; none to check with a public address alone. */
function allowedHosts(listed: string[] | undefined, publicUrl: string | undefined, host: string): string[] | undefined {
  if (listed) return [...new Set([...listed, ...(publicUrl ? [new URL(publicUrl).hostname.toLowerCase()] : [])])];
  if (publicUrl) return undefined;
  return [...new Set([...LOCAL_HOSTS, ...listenAddresses(host)])];
}

function isAddressOrRange(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.trim().split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** An http(s) origin, with at most a trailing slash: canonical links append the page's path to it. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.pathname === "/" &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** smtp:// or smtps:// with a host; user and password optional (a relay on the same network needs none). */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** "forum@example.com" or "Tech Forum <forum@example.com>". */
function isMailbox(value: string): boolean {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return /^[^\s@<>"]+@[^\s@<>"]+$/.test(address);
}

/**
 * Without MAIL_FROM: forum@ the public address's host (mail is kept unless SMTP_URL is set
 * anyway), named as the admin names the forum (screen "Site") when each mail is sent.
 */
function defaultMailFrom(publicUrl: string | undefined): { address: string } {
  const host = publicUrl ? new URL(publicUrl).hostname : "localhost";
  return { address: `forum@${host}` };
}
