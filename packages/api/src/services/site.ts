// The forum's identity (migration 0032): read by every page, the web app and each mail, changed
// by admins on the "Site" screen. Each read goes to the one indexed row (pages and GET /api/site
// are kept by the caches under kind "site"), so a change shows on every instance at the next read.
import { DEFAULT_SITE_NAME, type Site, type SiteChange } from "@forum/contracts";
import { type ForumDb, inTransaction } from "@forum/db";
import { changedFields, recordStaffActions, staffActor } from "../staffLog/record";
import type { EncodedAvatar } from "./avatarImage";

export const SITE_LOGO_PATH = "/site/";
const LOGO_FILE = /^logo-([0-9a-f]{16})\.webp$/;

export function siteLogoUrl(hash: string): string {
  return `${SITE_LOGO_PATH}logo-${hash}.webp`;
}

/** The logo's hash a served file name stands for ("logo-0123456789abcdef.webp"), if any. */
export function parseSiteLogoFileName(name: string): string | null {
  return LOGO_FILE.exec(name)?.[1] ?? null;
}

export async function getSite(db: ForumDb): Promise<Site> {
  const row = await db
    .selectFrom("site_settings")
    .select(["name", "description", "contact", "logoHash"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return {
    name: row.name,
    description: row.description,
    contact: row.contact,
    logoUrl: row.logoHash ? siteLogoUrl(row.logoHash) : null,
  };
}

/** The forum's name as mail shows it (subject, footer, text), read in the caller's transaction. */
export async function siteName(db: ForumDb): Promise<string> {
  const row = await db.selectFrom("site_settings").select("name").where("id", "=", 1).executeTakeFirst();
  return row?.name ?? DEFAULT_SITE_NAME;
}

/** A change as the Site screen makes it: the text fields, and the logo (null removes it). */
export type SiteUpdate = SiteChange & { logo?: EncodedAvatar | null };

/** What a change did: the identity before and after, for the answer and the staff log. */
export type SiteChangeRecord = { actorId: number; before: Site; after: Site; changedAt: number };

/**
 * Changes the forum's identity, in one transaction, on behalf of the admin `actor`; a field left
 * out keeps its value. The one place every change of the Site screen passes through (the text
 * fields and the logo alike), and the staff log's entry commits with it.
 */
export async function changeSite(
  db: ForumDb,
  actor: { id: number; username: string },
  update: SiteUpdate,
  now = Date.now(),
): Promise<SiteChangeRecord> {
  return inTransaction(db, async (trx) => {
    const before = await getSite(trx);
    const logo =
      update.logo === undefined
        ? {}
        : update.logo === null
          ? { logoImage: null, logoContentType: null, logoHash: null }
          : { logoImage: update.logo.image, logoContentType: update.logo.contentType, logoHash: update.logo.hash };
    await trx
      .updateTable("site_settings")
      .set({
        ...(update.name === undefined ? {} : { name: update.name }),
        ...(update.description === undefined ? {} : { description: update.description }),
        ...(update.contact === undefined ? {} : { contact: update.contact || null }),
        ...logo,
        updatedAt: now,
      })
      .where("id", "=", 1)
      .execute();
    const after = await getSite(trx);
    const changes = changedFields(before, after, ["name", "description", "contact", "logoUrl"]);
    if (changes.length > 0) {
      await recordStaffActions(
        trx,
        staffActor(actor),
        [{ action: "settings.site", targetType: "settings", targetId: 1, targetLabel: "Site settings", changes }],
        now,
      );
    }
    return { actorId: actor.id, before, after, changedAt: now };
  });
}

/** The stored logo a URL names, while it is the current one. */
export async function findSiteLogo(
  db: ForumDb,
  hash: string,
): Promise<{ image: Uint8Array; contentType: string } | undefined> {
  const row = await db
    .selectFrom("site_settings")
    .select(["logoImage", "logoContentType"])
    .where("id", "=", 1)
    .where("logoHash", "=", hash)
    .executeTakeFirst();
  return row?.logoImage && row.logoContentType ? { image: row.logoImage, contentType: row.logoContentType } : undefined;
}
