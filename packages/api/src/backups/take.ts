// Taking a backup while the forum serves: a consistent image of the database (SQLite's online
// backup on a worker thread, or pg_dump's snapshot), the uploads and the server key, into one
// tar file written under a temporary name and renamed when whole, then its checksum beside it.
// A folder of backups only ever shows finished ones.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { dumpPostgres, type ForumDb, forumCounts, schemaVersionOf, snapshotSqlite, withSqliteFile } from "@forum/db";
import {
  type ArchiveEntry,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  folderEntries,
  SECRET_KEY_NAME,
  UPLOADS_PREFIX,
  writeArchive,
} from "./archive";
import { type BackupFile, backupFileName, listBackups, writeChecksum } from "./files";
import type { BackupSource } from "./source";

export type TakeBackupOptions = {
  /** The folder the backup goes into (made if missing). */
  dir: string;
  /**
   * PostgreSQL: the live database, where the manifest's schema version and counts are read.
   * SQLite reads them from the image and needs none.
   */
  db?: ForumDb | undefined;
  now?: Date;
};

export async function takeBackup(source: BackupSource, options: TakeBackupOptions): Promise<BackupFile> {
  const now = options.now ?? new Date();
  await mkdir(options.dir, { recursive: true });
  // Beside the backups, so the image is renamed, never copied, and a crash leaves it in plain sight.
  const staging = await mkdtemp(join(options.dir, ".taking-"));
  try {
    const image = await databaseImage(source, options.db, staging);
    const uploads = await folderEntries(source.uploadsDir, UPLOADS_PREFIX);
    const key = source.secretKeyPath && existsSync(source.secretKeyPath) ? source.secretKeyPath : undefined;
    const manifest: BackupManifest = {
      format: "forum-backup",
      formatVersion: BACKUP_FORMAT_VERSION,
      engine: source.database.engine,
      createdAt: now.toISOString(),
      schema: image.schema,
      counts: image.counts,
      database: image.entry.name,
      uploads: uploads.length,
      secretKey: key !== undefined,
    };
    const entries: ArchiveEntry[] = [image.entry, ...uploads, ...(key ? [{ name: SECRET_KEY_NAME, path: key }] : [])];
    const name = backupFileName(now, image.schema.latest);
    const path = join(options.dir, name);
    const partial = join(staging, name);
    const digest = await writeArchive(partial, manifest, entries);
    await rename(partial, path);
    await writeChecksum(path, digest);
    const taken = (await listBackups(options.dir)).find((file) => file.name === name);
    if (!taken) throw new Error(`backup ${name} was written but is not in ${options.dir}`);
    return taken;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function databaseImage(source: BackupSource, db: ForumDb | undefined, staging: string) {
  if (source.database.engine === "sqlite") {
    const path = join(staging, "database.sqlite");
    await snapshotSqlite(source.database.path, path);
    // Read from the image itself: exactly what the backup holds.
    const described = await withSqliteFile(path, async (image) => ({
      schema: await schemaVersionOf(image),
      counts: await forumCounts(image),
    }));
    return { entry: { name: "database.sqlite", path }, ...described };
  }
  if (!db) throw new Error("a PostgreSQL backup reads its schema version from the live database: pass db");
  // Migrations run only at start-up, so the schema read now is the dump's; counts are of this moment.
  const schema = await schemaVersionOf(db);
  const counts = await forumCounts(db);
  const path = join(staging, "database.pgdump");
  await dumpPostgres(source.database.url, path);
  return { entry: { name: "database.pgdump", path }, schema, counts };
}
