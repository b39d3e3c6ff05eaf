// Advertisements, their counters and the single ad-settings row.
import type { AdPlacement, AdSettingsView, AdView, TrackType } from "@forum/contracts";
import { MESSAGES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { notFound } from "../errors";
import { toAd } from "./mappers";

export type AdFields = {
  title: string;
  content: string;
  type: AdView["type"];
  placement: AdPlacement;
  dimensions?: string | null | undefined;
  active: boolean;
};

export async function listAds(db: ForumDb, options: { placement?: AdPlacement | undefined; activeOnly: boolean }) {
  let query = db.selectFrom("advertisements").selectAll();
  if (options.placement) query = query.where("placement", "=", options.placement);
  if (options.activeOnly) query = query.where("active", "=", 1);
  const rows = await query.orderBy("id", "asc").execute();
  return rows.map(toAd);
}

/** The HTML of an ad that is shown (active), for its sandboxed frame; undefined otherwise. */
export async function findShownAdContent(db: ForumDb, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("advertisements")
    .select("content")
    .where("id", "=", id)
    .where("active", "=", 1)
    .executeTakeFirst();
  return row?.content;
}

function columnsOf(fields: AdFields) {
  return {
    title: fields.title,
    content: fields.content,
    type: fields.type,
    placement: fields.placement,
    dimensions: fields.dimensions ?? null,
    active: fields.active ? 1 : 0,
  };
}

export async function createAd(db: ForumDb, fields: AdFields, now = Date.now()): Promise<AdView> {
  const row = await db
    .insertInto("advertisements")
    .values({ ...columnsOf(fields), createdAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAd(row);
}

/** The fields an edit may leave out; left out, they keep their stored values. */
export type AdChanges = Pick<AdFields, "title" | "content"> & Partial<Omit<AdFields, "title" | "content">>;

export async function updateAd(db: ForumDb, id: number, fields: AdChanges): Promise<AdView> {
  const row = await db
    .updateTable("advertisements")
    .set({
      title: fields.title,
      content: fields.content,
      ...(fields.type === undefined ? {} : { type: fields.type }),
      ...(fields.placement === undefined ? {} : { placement: fields.placement }),
      ...(fields.dimensions === undefined ? {} : { dimensions: fields.dimensions }),
      ...(fields.active === undefined ? {} : { active: fields.active ? 1 : 0 }),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(MESSAGES.adNotFound);
  return toAd(row);
}

export async function deleteAd(db: ForumDb, id: number): Promise<void> {
  const result = await db.deleteFrom("advertisements").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound(MESSAGES.adNotFound);
}

/** Counts an impression or click of an active ad; a paused or deleted ad answers 404. */
export async function trackAd(db: ForumDb, id: number, type: TrackType): Promise<AdView> {
  const row = await db
    .updateTable("advertisements")
    .set((eb) =>
      type === "impression" ? { impressions: eb("impressions", "+", 1) } : { clickCount: eb("clickCount", "+", 1) },
    )
    .where("id", "=", id)
    .where("active", "=", 1)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(MESSAGES.adNotFound);
  return toAd(row);
}

export async function getAdSettings(db: ForumDb): Promise<AdSettingsView> {
  const row = await db.selectFrom("adSettings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
  return {
    enableAds: row.enableAds === 1,
    adsensePubId: row.adsensePubId,
    adsenseCode: row.adsensePubId,
    adsBetweenPosts: row.adsBetweenPosts,
    postsInterval: row.adsBetweenPosts,
  };
}

export async function updateAdSettings(
  db: ForumDb,
  settings: { enableAds: boolean; adsensePubId?: string | null | undefined; adsBetweenPosts: number },
): Promise<AdSettingsView> {
  await db
    .updateTable("adSettings")
    .set({
      enableAds: settings.enableAds ? 1 : 0,
      ...(settings.adsensePubId === undefined ? {} : { adsensePubId: settings.adsensePubId }),
      adsBetweenPosts: settings.adsBetweenPosts,
    })
    .where("id", "=", 1)
    .execute();
  return getAdSettings(db);
}
