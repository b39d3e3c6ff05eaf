// `npm run backup` and `npm run restore -- FILE` (scripts/backups.mjs runs this, built as
// dist/backupCli.cjs): the same configuration as the server (config.ts: DATABASE_PATH or
// DATABASE_URL, FORUM_UPLOADS_DIR, FORUM_BACKUP_DIR, FORUM_BACKUP_KEEP). A backup is taken while
// the forum serves; a restore is done with the forum stopped.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type BackupSource, pruneBackups, RestoreRefused, restoreBackup, takeBackup } from "@forum/api";
import { createPostgresDb } from "@forum/db";
import { ConfigError, loadConfig, type ServerConfig } from "./config";

const USAGE = `Usage:
  npm run backup [-- --dir DIR]        write a backup (default folder: FORUM_BACKUP_DIR, ./data/backups)
  npm run restore -- FILE [--force]    restore FILE (the forum stopped); --force replaces a forum that is there`;

class UsageError extends Error {}

function sourceOf(config: ServerConfig): BackupSource {
  return {
    database: config.databaseUrl
      ? { engine: "postgres", url: config.databaseUrl }
      : { engine: "sqlite", path: config.databasePath },
    uploadsDir: config.uploadsDir,
    ...(config.secretKey ? {} : { secretKeyPath: config.secretKeyPath }),
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

async function backup(config: ServerConfig, args: string[]): Promise<void> {
  const dirAt = args.indexOf("--dir");
  const dir = dirAt >= 0 ? resolve(args[dirAt + 1] ?? "") : config.backupDir;
  if (dirAt >= 0 && !args[dirAt + 1]) throw new UsageError("--dir needs a folder");
  const source = sourceOf(config);
  if (source.database.engine === "sqlite" && !existsSync(source.database.path)) {
    throw new RestoreRefused(`there is no forum database at ${source.database.path} (DATABASE_PATH) to back up`);
  }
  const live =
    source.database.engine === "postgres" ? createPostgresDb({ url: source.database.url, poolSize: 1 }) : null;
  try {
    const file = await takeBackup(source, { dir, db: live?.db });
    const pruned = await pruneBackups(dir, config.backupKeep);
    console.log(`Backup written: ${file.path} (${megabytes(file.sizeBytes)})`);
    console.log(`Checksum: ${file.path}.sha256`);
    if (pruned.length > 0) console.log(`Deleted (FORUM_BACKUP_KEEP=${config.backupKeep}): ${pruned.join(", ")}`);
  } finally {
    await live?.close();
  }
}

async function restore(config: ServerConfig, args: string[]): Promise<void> {
  const force = args.includes("--force");
  const files = args.filter((arg) => !arg.startsWith("--"));
  if (files.length !== 1) throw new UsageError("name one backup file to restore");
  const file = resolve(files[0] as string);
  const report = await restoreBackup(file, sourceOf(config), { force });
  const where = config.databaseUrl ? "the PostgreSQL database (DATABASE_URL)" : config.databasePath;
  console.log(
    `Restored ${file} (taken ${report.manifest.createdAt}, schema ${report.manifest.schema.latest}) into ${where}`,
  );
  if (report.migrated.length > 0) console.log(`Migrated forward: ${report.migrated.join(", ")}`);
  console.log(
    `Members: ${report.counts.members}, posts: ${report.counts.posts}, replies: ${report.counts.replies}, uploads: ${report.manifest.uploads}`,
  );
  if (report.manifest.secretKey && config.secretKey) {
    console.log(
      `The backup's server key was written to ${config.secretKeyPath}, but FORUM_SECRET_KEY is set and wins.`,
    );
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (command === "backup") await backup(config, args);
  else if (command === "restore") await restore(config, args);
  else throw new UsageError(`unknown command ${command ?? "(none)"}`);
}

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(64);
  }
  if (error instanceof ConfigError || error instanceof RestoreRefused) {
    console.error(error.message);
    process.exit(error instanceof ConfigError ? 2 : 1);
  }
  console.error(error);
  process.exit(1);
});
