// A member's sessions (issue 30): where they are signed in, as Settings → Security lists them,
// with Sign out per session and Sign out everywhere else.
import { z } from "zod";

export const SESSION_MESSAGES = {
  notFound: "Session not found",
  signedOut: "Signed out of that session",
  signedOutOthers: "Signed out everywhere else",
} as const;

/** How often a session's "last seen" is written at most (no write per request). */
export const SESSION_LAST_SEEN_EVERY_MS = 60_000;

const timestamp = z.iso.datetime();

export const sessionViewSchema = z.object({
  /** Names the session in these calls only (not its cookie, nor its key in the database). */
  id: z.string(),
  /** "Firefox", "Chrome", …; null when the browser did not say or is not recognised. */
  browser: z.string().nullable(),
  /** "Linux", "iOS", …; null when not recognised. */
  platform: z.string().nullable(),
  signedInAt: timestamp,
  /** Null: not used since it began (or since sessions kept this). Written at most once a minute. */
  lastSeenAt: timestamp.nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const sessionIdInput = z.object({
  id: z.string({ error: "id must be text" }).regex(/^[0-9a-f]{16}$/, "id must be a session's id"),
});

export const signedOutOthersSchema = z.object({ message: z.string(), count: z.number().int() });
