// "Download my data": a member's request (one a day, counted by the throttles like the forum's
// other limits), what the Settings card shows of their latest export, and the file for the
// download. Building is the background worker's (dataExport/worker.ts).
import { type DataExportStatus, dataExportDownloadPath, THROTTLES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { iso } from "./mappers";
import type { Throttles } from "./throttles";

/** Queues a new export for the member, replacing their previous one (and its file). */
export async function queueDataExport(db: ForumDb, userId: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("data_exports").where("userId", "=", userId).execute();
    await trx
      .insertInto("data_exports")
      .values({ userId, state: "queued", nextAttemptAt: now, requestedAt: now })
      .execute();
  });
}

/** The member's latest export as the card shows it, and when they may ask again. */
export async function dataExportStatus(db: ForumDb, throttles: Throttles, userId: number): Promise<DataExportStatus> {
  const now = throttles.now();
  const row = await db
    .selectFrom("data_exports")
    .select(["id", "state", "requestedAt", "readyAt", "expiresAt", "sizeBytes"])
    .where("userId", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const waitMs = await throttles.waitOf(THROTTLES.dataExports, String(userId));
  if (!row) return { export: null, nextRequestAt: waitMs === null ? null : iso(now + waitMs) };
  // Past its week but not yet swept by the worker: already expired for the member.
  const expired = row.state === "expired" || (row.state === "ready" && Number(row.expiresAt) <= now);
  const state = expired ? "expired" : row.state === "ready" ? "ready" : row.state === "failed" ? "failed" : "preparing";
  return {
    export: {
      id: row.id,
      state,
      requestedAt: iso(Number(row.requestedAt)),
      readyAt: row.readyAt === null ? null : iso(Number(row.readyAt)),
      expiresAt: row.expiresAt === null ? null : iso(Number(row.expiresAt)),
      sizeBytes: state === "ready" && row.sizeBytes !== null ? Number(row.sizeBytes) : null,
      downloadUrl: state === "ready" ? dataExportDownloadPath(row.id) : null,
    },
    nextRequestAt: waitMs === null ? null : iso(now + waitMs),
  };
}

export type DataExportFile =
  | { found: "file"; fileName: string; file: Buffer }
  | { found: "none" | "preparing" | "expired" };

/** The member's own export's zip; another member's answers "none", as one that does not exist. */
export async function dataExportFile(db: ForumDb, userId: number, id: number, now: number): Promise<DataExportFile> {
  const row = await db
    .selectFrom("data_exports")
    .select(["state", "fileName", "file", "expiresAt"])
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!row) return { found: "none" };
  if (row.state === "queued" || row.state === "building") return { found: "preparing" };
  if (row.state !== "ready" || row.file === null || row.fileName === null || Number(row.expiresAt) <= now)
    return { found: row.state === "failed" ? "none" : "expired" };
  const { file } = row;
  return {
    found: "file",
    fileName: row.fileName,
    file: Buffer.isBuffer(file) ? file : Buffer.from(file.buffer, file.byteOffset, file.byteLength),
  };
}
