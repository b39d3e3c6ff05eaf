// The kinds of data the forum's cached reads show. Each query that keeps answers declares the
// kinds it reads and each mutation the kinds it writes (packages/api/src/cache): a write drops
// exactly the answers that read one of its kinds. The database's write notifications name the
// same kinds (migration 0018), so another instance drops the same answers.

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
] as const;

export const DATA_KINDS = [
  ...SHOWN_DATA_KINDS,
  // Written, but shown by no cached read: declared so every mutation says what it writes.
  "sessions",
  "throttles",
  "notifications",
  "preferences",
  "reports",
] as const;

export type DataKind = (typeof DATA_KINDS)[number];

export function isDataKind(value: string): value is DataKind {
  return (DATA_KINDS as readonly string[]).includes(value);
}
