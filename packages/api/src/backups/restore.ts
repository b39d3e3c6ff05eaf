// Restoring a backup (npm run restore -- FILE), with the forum stopped. Everything that can refuse
// does so before the target is touched: the checksum, the format, the engine, a schema newer than
// this code, a target that already holds a forum (unless forced), a SQLite file another process
// has open, an image that fails SQLite's integrity check. Then the database, the uploads and the
// server key are put in place, an older schema is migrated forward, and the counts are reported.
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readlink, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import {
  type DbHandle,
  forumCounts,
  migrateToLatest,
  openDatabase,
  restorePostgres,
  unknownMigrations,
  withSqliteFile,
} from "@forum/db";
import { sql } from "kysely";
import { recordStaffActions } from "../staffLog/record";
import { type BackupManifest, type EntryContent, readArchive, SECRET_KEY_NAME, UPLOADS_PREFIX } from "./archive";
import { readChecksum, sha256OfFile } from "./files";
import type { BackupSource } from "./source";

/** A restore that did not start, and why; nothing was changed. */
export class RestoreRefused extends Error {}

export type RestoreReport = {
  manifest: BackupManifest;
  /** Migrations run after the restore (a backup from an older schema). */
  migrated: string[];
  counts: { members: number; posts: number; replies: number };
};

export async function restoreBackup(
  file: string,
  target: BackupSource,
  options: { force: boolean },
): Promise<RestoreReport> {
  await checkChecksum(file);
  await checkTarget(target, options.force);
  const staged = await stageArchive(file, target);
  try {
    if (target.database.engine === "sqlite") {
      await checkIntegrity(staged.database);
      await replaceSqliteFile(staged.database, target.database.path);
    } else {
      await restorePostgres(target.database.url, staged.database, { clean: options.force });
    }
    if (staged.uploads) await replaceFolder(staged.uploads, target.uploadsDir);
    if (staged.secretKey && target.secretKeyPath) {
      await mkdir(dirname(target.secretKeyPath), { recursive: true });
      await rename(staged.secretKey, target.secretKeyPath);
    }
  } finally {
    await staged.discard();
  }
  const database = openTarget(target);
  try {
    const migrated = await migrateToLatest(database.db);
    // The restored forum's staff log says when it was restored, and from what (no one signed in
    // did it: the command runs with the forum stopped).
    await recordStaffActions(database.db, null, [
      {
        action: "backup.restore",
        targetType: "backup",
        targetId: null,
        targetLabel: basename(file),
        details: { by: "npm run restore", takenAt: staged.manifest.createdAt, migrated: migrated.length },
      },
    ]);
    return { manifest: staged.manifest, migrated, counts: await forumCounts(database.db) };
  } finally {
    await database.close();
  }
}

async function checkChecksum(file: string): Promise<void> {
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`);
  const expected = await readChecksum(file);
  if (expected === null) {
    throw new RestoreRefused(
      `${file}.sha256 is missing: the checksum written beside every backup is needed to check it`,
    );
  }
  const actual = await sha256OfFile(file);
  if (actual !== expected) {
    throw new RestoreRefused(
      `${file} does not match its checksum (${file}.sha256): the file is damaged or incomplete. Nothing was changed.`,
    );
  }
}

async function checkTarget(target: BackupSource, force: boolean): Promise<void> {
  if (target.database.engine === "sqlite") {
    const path = target.database.path;
    if (await fileInUse(path)) {
      throw new RestoreRefused(`${path} is open in another process (is the forum running?): stop it before restoring`);
    }
    if (!existsSync(path)) return;
  }
  const database = openTarget(target);
  let members: number | null;
  try {
    members = await memberCount(database);
  } finally {
    await database.close();
  }
  if (members !== null && members > 0 && !force) {
    throw new RestoreRefused(
      `the target database is not empty (it has ${members} members): restore into an empty database, or add --force to replace it`,
    );
  }
}

/** Members in the target database; null when it has no forum tables yet. */
async function memberCount(database: DbHandle): Promise<number | null> {
  try {
    const row = await database.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } catch {
    const tables = await sql<{ n: number }>`select count(*) as n from kysely_migration`
      .execute(database.db)
      .catch(() => null);
    // No users table and no migrations: an empty database.
    if (tables === null) return null;
    throw new RestoreRefused("the target database has the forum's migrations but no users table: repair it first");
  }
}

function openTarget(target: BackupSource): DbHandle {
  return target.database.engine === "sqlite"
    ? openDatabase({ path: target.database.path })
    : openDatabase({ url: target.database.url, path: "", poolSize: 2 });
}

type Staged = {
  manifest: BackupManifest;
  database: string;
  uploads: string | undefined;
  secretKey: string | undefined;
  discard: () => Promise<void>;
};

/**
 * Extracts the archive next to where each part goes (so each is renamed into place, on its own
 * file system), checking the manifest before anything is written.
 */
async function stageArchive(file: string, target: BackupSource): Promise<Staged> {
  const scratch = await mkdtemp(join(tmpdir(), "forum-restore-"));
  const database =
    target.database.engine === "sqlite" ? `${target.database.path}.restoring` : join(scratch, "database.pgdump");
  const uploads = `${target.uploadsDir}.restoring`;
  const secretKey = target.secretKeyPath ? `${target.secretKeyPath}.restoring` : undefined;
  const discard = async () => {
    for (const path of [scratch, database, uploads, ...(secretKey ? [secretKey] : [])]) {
      await rm(path, { recursive: true, force: true });
    }
  };
  let manifest: BackupManifest | undefined;
  let hasDatabase = false;
  let hasUploads = false;
  let hasKey = false;
  try {
    await readArchive(file, {
      onManifest: (found) => {
        checkManifest(found, target);
        manifest = found;
      },
      onEntry: async (name, content) => {
        if (name === manifest?.database) {
          hasDatabase = true;
          await save(content, database);
        } else if (name.startsWith(UPLOADS_PREFIX)) {
          hasUploads = true;
          await save(content, join(uploads, name.slice(UPLOADS_PREFIX.length)));
        } else if (name === SECRET_KEY_NAME && secretKey) {
          hasKey = true;
          await save(content, secretKey);
        } else content.resume();
      },
    });
    if (!manifest || !hasDatabase) throw new RestoreRefused(`${file} holds no database image`);
  } catch (error) {
    await discard();
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${file} could not be read as a forum backup: ${(error as Error).message}`);
  }
  return {
    manifest,
    database,
    uploads: hasUploads ? uploads : undefined,
    secretKey: hasKey ? secretKey : undefined,
    discard,
  };
}

function checkManifest(manifest: BackupManifest, target: BackupSource): void {
  if (manifest.engine !== target.database.engine) {
    throw new RestoreRefused(
      `this backup is of a ${manifest.engine} forum and the target is ${target.database.engine}: restore it into the same engine`,
    );
  }
  const newer = unknownMigrations(manifest.schema);
  if (newer.length > 0) {
    throw new RestoreRefused(
      `this backup's schema (version ${manifest.schema.latest}) is newer than this forum's: it has migrations this version does not know (${newer.join(", ")}). Restore it with a newer version of the forum.`,
    );
  }
}

async function save(content: EntryContent, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await pipeline(content, createWriteStream(path, { mode: 0o600 }));
}

async function checkIntegrity(path: string): Promise<void> {
  const result = await withSqliteFile(path, (db) =>
    sql<{ integrity_check: string }>`pragma integrity_check`.execute(db),
  );
  const problems = result.rows.map((row) => row.integrity_check).filter((line) => line !== "ok");
  if (problems.length > 0) {
    throw new RestoreRefused(
      `the backup's database fails SQLite's integrity check: ${problems.slice(0, 5).join("; ")}`,
    );
  }
}

async function replaceSqliteFile(image: string, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // The old file's WAL would be replayed onto the new file: it goes with it.
  for (const old of [`${path}-wal`, `${path}-shm`]) await rm(old, { force: true });
  await rename(image, path);
}

async function replaceFolder(staged: string, folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(dirname(folder), { recursive: true });
  await rename(staged, folder);
}

/**
 * Whether another process has the file open (Linux: /proc/<pid>/fd). A SQLite file cannot be
 * replaced under a running server: its connections keep the old file, and its WAL would tear the
 * new one. Elsewhere nothing is detected and README's "stop the forum first" is the rule.
 */
async function fileInUse(path: string): Promise<boolean> {
  let pids: string[];
  try {
    pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return false;
  }
  const watched = new Set([path, `${path}-wal`]);
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = await readdir(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      if (watched.has(link)) return true;
    }
  }
  return false;
}
