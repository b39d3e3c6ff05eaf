// Backups (issue 32): the admin Backups screen lists the backup files the server keeps (newest
// first) and takes one on demand; each downloads as a file. What the calls answer and what the
// server says. The backup's own format is the server's (packages/api/src/backups).
import { z } from "zod";

/** A backup file's name: forum-backup-<UTC time>-schema<version>.tar (the checksum is <name>.sha256). */
export const BACKUP_FILE_PATTERN = /^forum-backup-\d{8}T\d{6}(\d{3})?Z-schema\d{4}\.tar$/;

export const BACKUP_MESSAGES = {
  taken: (name: string) => `Backup ${name} written.`,
  notFound: "Backup not found",
  alreadyRunning: "A backup is already being written; try again when it is done",
} as const;

export const backupViewSchema = z.object({
  name: z.string().describe("The file's name: its UTC time and schema version"),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime(),
  downloadUrl: z.string().describe("GET it with an admin's session: the file, as an attachment"),
});
export type BackupView = z.infer<typeof backupViewSchema>;

export const backupListSchema = z.object({
  /** Where the server writes them (FORUM_BACKUP_DIR). */
  directory: z.string(),
  /** How many the directory keeps (FORUM_BACKUP_KEEP); older ones are deleted. */
  keep: z.number().int(),
  /** FORUM_BACKUP_EVERY ("24h"), or null when the server takes none by itself. */
  every: z.string().nullable(),
  backups: z.array(backupViewSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupTakenSchema = z.object({ message: z.string(), backup: backupViewSchema });
export type BackupTaken = z.infer<typeof backupTakenSchema>;
