// The backup directory: file names (the UTC time and the schema version), the checksum beside each
// file (sha256sum's format, so `sha256sum -c` checks it too), listing and keeping the last N.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { BACKUP_FILE_PATTERN } from "@forum/contracts";

export type BackupFile = { name: string; path: string; sizeBytes: number; createdAt: Date };

/** forum-backup-20261129T113500123Z-schema0030.tar */
export function backupFileName(at: Date, schemaLatest: string): string {
  const stamp = at.toISOString().replace(/[-:.]/g, "");
  return `forum-backup-${stamp}-schema${schemaLatest}.tar`;
}

/** When a backup was taken, from its name. */
export function backupTime(name: string): Date {
  const match = /^forum-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z/.exec(name);
  if (!match) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s, ms] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms ?? "000"}Z`);
}

export function checksumPath(path: string): string {
  return `${path}.sha256`;
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export async function writeChecksum(path: string, digest: string): Promise<void> {
  await writeFile(checksumPath(path), `${digest}  ${basename(path)}\n`);
}

/** The digest written beside `path`, or null when there is no checksum file. */
export async function readChecksum(path: string): Promise<string | null> {
  try {
    const text = await readFile(checksumPath(path), "utf8");
    return /^([0-9a-f]{64})\b/.exec(text.trim())?.[1] ?? "";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The finished backups in `dir` (a file and its checksum), newest first; none when the folder does not exist. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const present = new Set(names);
  const files = await Promise.all(
    names
      .filter((name) => BACKUP_FILE_PATTERN.test(name) && present.has(`${name}.sha256`))
      .map(async (name) => {
        const path = join(dir, name);
        const info = await stat(path);
        return { name, path, sizeBytes: info.size, createdAt: backupTime(name) };
      }),
  );
  return files.sort((a, b) => b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` backups in `dir`; resolves with the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const file of old) {
    await rm(file.path, { force: true });
    await rm(checksumPath(file.path), { force: true });
  }
  return old.map((file) => file.name);
}
