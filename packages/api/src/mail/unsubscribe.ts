// One-click unsubscribe links (RFC 8058) for the mail the forum sends on its own: each mail gets a
// fresh random token (256 bits, prefixed "forum_unsubscribe_" so a leaked one is recognisable),
// stored only as its SHA-256, that turns one switch off without signing in. A random token rather
// than an HMAC of (member, list): an HMAC needs a key every instance shares, which would have to
// live in the database, and a copy of the database would then forge links for every member. A
// link works any number of times (a mail provider may POST it twice) until it expires; a member's
// expired links are swept when a new one is issued, so the table stays at a few rows a member.
import { randomBytes } from "node:crypto";
import type { UserPreferences } from "@forum/contracts";
import type { ForumDb, UnsubscribeList } from "@forum/db";
import { tokenHash } from "../auth/tokenHash";
import { updatePreferences } from "../services/preferences";
import { linkTo, type MailSite } from "./outbox";

/** Long enough for last month's digest's link to still work. */
export const UNSUBSCRIBE_LINK_LIFETIME_MS = 90 * 24 * 60 * 60_000;

/** The switch each list's link turns off. */
export const UNSUBSCRIBE_SWITCH: Record<UnsubscribeList, keyof UserPreferences> = {
  notify: "emailNotifications",
  digest: "weeklyDigest",
};

/** A new one-click link turning `list` off for the member (in the caller's transaction, with the mail). */
export async function issueUnsubscribeLink(
  db: ForumDb,
  site: MailSite,
  userId: number,
  list: UnsubscribeList,
  now: number,
): Promise<string> {
  await db.deleteFrom("unsubscribe_tokens").where("userId", "=", userId).where("expiresAt", "<=", now).execute();
  const token = `forum_unsubscribe_${randomBytes(32).toString("base64url")}`;
  await db
    .insertInto("unsubscribe_tokens")
    .values({ tokenHash: tokenHash(token), userId, list, expiresAt: now + UNSUBSCRIBE_LINK_LIFETIME_MS })
    .execute();
  return linkTo(site, `/unsubscribe?token=${token}`);
}

/** The list the token's link turns off, or undefined when it is unknown or expired (changes nothing). */
export async function unsubscribeListOf(db: ForumDb, token: string, now: number): Promise<UnsubscribeList | undefined> {
  const row = await db
    .selectFrom("unsubscribe_tokens")
    .select("list")
    .where("tokenHash", "=", tokenHash(token))
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return row?.list;
}

/** Turns off the switch the token's link is for; the list, or undefined when the token is unknown or expired. */
export async function unsubscribe(db: ForumDb, token: string, now: number): Promise<UnsubscribeList | undefined> {
  const row = await db
    .selectFrom("unsubscribe_tokens")
    .select(["userId", "list"])
    .where("tokenHash", "=", tokenHash(token))
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  if (!row) return undefined;
  await updatePreferences(db, row.userId, { [UNSUBSCRIBE_SWITCH[row.list]]: false });
  return row.list;
}
