// The kinds of data the forum's cached reads show. Each query that keeps answers declares the
// kinds it reads and each mutation the kinds it writes (packages/api/src/cache): a write drops
// exactly the answers that read one of its kinds. Which table (and which counter columns) is
// which kind is said once, in TABLE_KINDS below: the database's write notifications name the
// same kinds (migration 0018's triggers, checked against it by apps/server/test/postgres/notified-kinds.test.ts), and a
// test runs every mutation against a database that records the tables it wrote and fails when
// its meta.writes misses one's kind (apps/server/test/write-kinds.test.ts).

export const SHOWN_DATA_KINDS = [
  /** Posts: their text, title, category, author, flags, existence. */
  "posts",
  /** Replies: their text and existence, and each post's reply count. */
  "replies",
  /** Votes and everything counted from them: up/down counts, scores, reputation. */
  "votes",
  /** Post view counts (written by the view counter about once a second). */
  "views",
  /** Members: names, profile fields, avatar, role, ban, what their preferences show of them. */
  "users",
  /** Categories: name, slug, description, colour. */
  "categories",
  /** Advertisements as shown (title, content, placement, active). */
  "ads",
  /** Advertisement impression and click counters. */
  "adStats",
  /** The ad settings (shown on every page). */
  "adSettings",
  /** The forum's own settings (posting rules), read by the web app and the admin screen. */
  "forumSettings",
  /** The forum's identity (name, description, contact, logo): every page and mail shows it (0032). */
  "site",
] as const;

export const DATA_KINDS = [
  ...SHOWN_DATA_KINDS,
  // Written, but shown by no cached read: declared so every mutation says what it writes.
  "sessions",
  /**
   * A session's use: its "last seen" (at most once a minute) and its renewal, noted by any
   * signed-in request before its procedure runs (packages/api/src/auth/sessions.ts). No
   * procedure writes it, so none declares it. (With it, every few minutes, the member's visit:
   * member_visits, of kind "readStates", which no cached read shows.)
   */
  "sessionUse",
  "throttles",
  "notifications",
  "preferences",
  "reports",
  /** Avatar images (served by their hash; the users row names the current one). */
  "avatars",
  /** The mail outbox, the mail links' tokens, the periodic jobs' runs and the digest schedule (0020, 0021). */
  "mail",
  /** Members' API tokens (migration 0023). */
  "apiTokens",
  /** Webhook endpoints and their deliveries (migration 0025). */
  "webhooks",
  /** Two-step sign-in: recovery codes, sign-ins waiting for their code, and the users' secret columns (0027). */
  "twoStep",
  /** Members' "Download my data" exports (migration 0029). */
  "dataExports",
  /** How far each member has read each discussion, and their previous visit (migration 0030). */
  "readStates",
  /** The staff log (migration 0031): read only by the admin screen, never cached. */
  "staffLog",
] as const;

export type DataKind = (typeof DATA_KINDS)[number];

export function isDataKind(value: string): value is DataKind {
  return (DATA_KINDS as readonly string[]).includes(value);
}

/** A table's kind, and the kinds of its counter columns (an update that changes only those is theirs). */
export type TableKinds = { kind: DataKind; counters?: Partial<Record<DataKind, readonly string[]>> };

/** Every table the forum writes, with the kind of data its rows are. */
export const TABLE_KINDS = {
  users: {
    kind: "users",
    counters: {
      preferences: ["preferences"],
      twoStep: ["totpPendingSealed", "totpSealed", "totpEnabledAt", "totpLastStep"],
    },
  },
  sessions: { kind: "sessions", counters: { sessionUse: ["lastSeenAt", "expiresAt"] } },
  categories: { kind: "categories", counters: { posts: ["postCount"] } },
  posts: {
    kind: "posts",
    counters: {
      votes: ["upvotes", "downvotes", "score", "hotScore", "controversialScore"],
      views: ["views"],
      replies: ["replyCount"],
    },
  },
  replies: { kind: "replies", counters: { votes: ["upvotes", "downvotes"] } },
  votes: { kind: "votes" },
  advertisements: { kind: "ads", counters: { adStats: ["impressions", "clickCount"] } },
  adSettings: { kind: "adSettings" },
  forumSettings: { kind: "forumSettings" },
  throttles: { kind: "throttles" },
  notifications: { kind: "notifications" },
  reports: { kind: "reports" },
  avatars: { kind: "avatars" },
  mail_outbox: { kind: "mail" },
  mail_tokens: { kind: "mail" },
  periodic_runs: { kind: "mail" },
  mail_settings: { kind: "mail" },
  unsubscribe_tokens: { kind: "mail" },
  api_tokens: { kind: "apiTokens" },
  webhooks: { kind: "webhooks" },
  webhook_deliveries: { kind: "webhooks" },
  recovery_codes: { kind: "twoStep" },
  login_challenges: { kind: "twoStep" },
  data_exports: { kind: "dataExports" },
  reserved_usernames: { kind: "users" },
  read_states: { kind: "readStates" },
  member_visits: { kind: "readStates" },
  staff_log: { kind: "staffLog" },
  site_settings: { kind: "site" },
} as const satisfies Record<string, TableKinds>;

/**
 * What PostgreSQL's write notifications say of each table (migration 0018): the tables whose
 * kind a cached read shows, and of their counter columns those of shown kinds.
 */
export function notifiedTableKinds(): Record<string, TableKinds> {
  const shown = (kind: DataKind) => (SHOWN_DATA_KINDS as readonly DataKind[]).includes(kind);
  const notified: Record<string, TableKinds> = {};
  for (const [table, { kind, ...rest }] of Object.entries(TABLE_KINDS) as [string, TableKinds][]) {
    if (!shown(kind)) continue;
    const counters = Object.entries(rest.counters ?? {}).filter(([counterKind]) => shown(counterKind as DataKind));
    notified[table] = counters.length > 0 ? { kind, counters: Object.fromEntries(counters) } : { kind };
  }
  return notified;
}
