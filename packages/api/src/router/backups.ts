// The admin Backups screen (issue 32): the backups the server keeps, newest first, with their size
// and time, and "Back up now". Each file downloads from a plain route of the server's
// (GET /api/admin/backups/{name}/download), streamed. Admins only, with the website's session:
// a backup holds every member's data and the server key.
import { BACKUP_MESSAGES, type BackupView, backupListSchema, backupTakenSchema } from "@forum/contracts";
import { BackupInProgress } from "../backups/backups";
import type { BackupFile } from "../backups/files";
import { answer } from "../describe";
import { AppError } from "../errors";
import { backupRecord, recordStaffActions, staffActor } from "../staffLog/record";
import { adminProcedure, router } from "../trpc";

/** Where a backup downloads from (apps/server/src/plugins/backupDownload.ts serves it). */
export function backupDownloadUrl(name: string): string {
  return `/api/admin/backups/${encodeURIComponent(name)}/download`;
}

function backupView(file: BackupFile): BackupView {
  return {
    name: file.name,
    sizeBytes: file.sizeBytes,
    createdAt: file.createdAt.toISOString(),
    downloadUrl: backupDownloadUrl(file.name),
  };
}

export const backupsRouter = router({
  list: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/backups", from: "none" },
      summary: "The backups the server keeps (newest first), their size and time, and its backup settings",
      sessionOnly: true,
    })
    .output(answer(backupListSchema))
    .query(async ({ ctx }) => {
      const settings = ctx.backups.settings;
      return {
        directory: settings.dir,
        keep: settings.keep,
        every: settings.every?.text ?? null,
        backups: (await ctx.backups.list()).map(backupView),
      };
    }),

  create: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/admin/backups", status: 201, from: "none" },
      summary:
        "Back up now: the database, the uploads and the server key into one file (and its checksum), while the forum serves",
      failures: { 409: BACKUP_MESSAGES.alreadyRunning },
      sessionOnly: true,
      writes: ["staffLog"],
    })
    .output(answer(backupTakenSchema))
    .mutation(async ({ ctx }) => {
      try {
        const backup = await ctx.backups.takeNow(ctx.user.id);
        await recordStaffActions(ctx.db, staffActor(ctx.user), [backupRecord(backup.name, backup.sizeBytes)]);
        return { message: BACKUP_MESSAGES.taken(backup.name), backup: backupView(backup) };
      } catch (error) {
        if (error instanceof BackupInProgress) throw new AppError("CONFLICT", BACKUP_MESSAGES.alreadyRunning);
        throw error;
      }
    }),
});
