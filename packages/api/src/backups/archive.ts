// A backup is one tar file (`tar tf` lists it): manifest.json first (what it holds, from which
// engine and schema version), then the database image (SQLite's file, or pg_dump's custom
// format), then the uploads folder under uploads/, and the server key when the forum keeps one in
// a file. Written and read as streams: a backup may be larger than the server's memory.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SchemaVersion } from "@forum/db";
import tar from "tar-stream";

export const MANIFEST_NAME = "manifest.json";
export const UPLOADS_PREFIX = "uploads/";
export const SECRET_KEY_NAME = "secret.key";
export const BACKUP_FORMAT_VERSION = 1;

export type BackupManifest = {
  format: "forum-backup";
  formatVersion: number;
  engine: "sqlite" | "postgres";
  createdAt: string;
  schema: SchemaVersion;
  counts: { members: number; posts: number; replies: number };
  /** The database image's entry: database.sqlite or database.pgdump. */
  database: string;
  uploads: number;
  secretKey: boolean;
};

/** A file on disk and its name in the archive. */
export type ArchiveEntry = { name: string; path: string };

/** Writes the archive to `destination`; resolves with its SHA-256 (hex), computed as it is written. */
export async function writeArchive(
  destination: string,
  manifest: BackupManifest,
  entries: ArchiveEntry[],
): Promise<string> {
  const pack = tar.pack();
  const hash = createHash("sha256");
  const hashing = new PassThrough();
  hashing.on("data", (chunk: Buffer) => hash.update(chunk));
  const written = pipeline(pack, hashing, createWriteStream(destination, { mode: 0o600 }));
  const adding = (async () => {
    pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);
    for (const entry of entries) {
      const info = await stat(entry.path);
      const header = { name: entry.name, size: info.size, mode: 0o600, mtime: info.mtime };
      if (info.size === 0) {
        pack.entry(header, "");
        continue;
      }
      // The size read now, even if the file grows meanwhile: the header has already said it.
      await pipeline(createReadStream(entry.path, { start: 0, end: info.size - 1 }), pack.entry(header));
    }
    pack.finalize();
  })();
  // Either side failing stops both: a pack that errors ends the pipeline, and the reverse.
  adding.catch((error: unknown) => pack.destroy(error instanceof Error ? error : new Error(String(error))));
  await Promise.all([adding, written]);
  return hash.digest("hex");
}

/** Every file under `dir` as entries under `prefix` (none when the folder does not exist). */
export async function folderEntries(dir: string, prefix: string): Promise<ArchiveEntry[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { recursive: true })) as string[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries: ArchiveEntry[] = [];
  for (const name of names.sort()) {
    const path = join(dir, name);
    if (!(await stat(path)).isFile()) continue;
    entries.push({ name: prefix + relative(dir, path).split(sep).join("/"), path });
  }
  return entries;
}

/** An entry's content (tar-stream's stream): read it to its end, or resume() to skip it. */
export type EntryContent = AsyncIterable<unknown> & { resume: () => unknown };

export class BackupFormatError extends Error {}

/**
 * Reads the archive at `path` in order: `onManifest` sees the manifest first (and may throw to stop
 * before anything else is read), then `onEntry` gets every other entry's content as a stream it
 * must consume.
 */
export async function readArchive(
  path: string,
  handlers: {
    onManifest: (manifest: BackupManifest) => Promise<void> | void;
    onEntry: (name: string, content: EntryContent) => Promise<void>;
  },
): Promise<void> {
  const extract = tar.extract();
  const source = createReadStream(path);
  source.on("error", (error) => extract.destroy(error));
  source.pipe(extract);
  let manifest: BackupManifest | undefined;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST_NAME)
          throw new BackupFormatError(`not a forum backup: it does not start with ${MANIFEST_NAME}`);
        manifest = parseManifest(await text(entry));
        await handlers.onManifest(manifest);
        continue;
      }
      if (entry.header.type !== "file") {
        entry.resume();
        continue;
      }
      if (!isSafeName(name)) throw new BackupFormatError(`the backup names a file outside its folders: ${name}`);
      await handlers.onEntry(name, entry);
    }
  } finally {
    source.destroy();
  }
  if (!manifest) throw new BackupFormatError(`not a forum backup: no ${MANIFEST_NAME}`);
}

async function text(stream: EntryContent): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseManifest(json: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(json) as BackupManifest;
  } catch {
    throw new BackupFormatError(`not a forum backup: ${MANIFEST_NAME} is not JSON`);
  }
  if (manifest.format !== "forum-backup" || !Array.isArray(manifest.schema?.migrations)) {
    throw new BackupFormatError(`not a forum backup: ${MANIFEST_NAME} does not describe one`);
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupFormatError(
      `this backup's format (version ${manifest.formatVersion}) is newer than this forum reads (${BACKUP_FORMAT_VERSION}): restore it with the forum's newer version`,
    );
  }
  return manifest;
}

/** A relative path that stays inside the folder it is extracted into. */
function isSafeName(name: string): boolean {
  return !name.startsWith("/") && !name.includes("\\") && name.split("/").every((part) => part !== ".." && part !== "");
}
