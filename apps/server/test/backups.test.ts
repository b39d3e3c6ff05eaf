// Backups and restore (issue 32). A backup taken through "Back up now" while ten members keep
// replying holds every reply acknowledged before it began, restores into a fresh database that
// passes SQLite's integrity check and that a new server serves; the uploads and the server key go
// with it. A backup of an older schema is migrated forward on restore, a newer one is refused, a
// damaged file or a target that already holds a forum is refused with nothing changed. The
// schedule takes one backup per period across instances and keeps the last FORUM_BACKUP_KEEP.
// The admin calls: the list, "Back up now", the streamed download; admins only.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BackupSource, RestoreRefused, restoreBackup, takeBackup } from "@forum/api";
import { BACKUP_MESSAGES, MESSAGES } from "@forum/contracts";
import { createDb, createPostgresDb, type ForumDb, knownMigrationNames, migrateToLatest } from "@forum/db";
import * as readStates from "@forum/db/migrations/0030_read_states";
import * as staffLog from "@forum/db/migrations/0031_staff_log";
import * as siteSettings from "@forum/db/migrations/0032_site_settings";
import * as voteFunctions from "@forum/db/migrations/0033_vote_functions";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app";
import { checkDocumented } from "./conformance";
import { databaseUrl } from "./engines/globalSetup";
import {
  type Client,
  client,
  insertCategory,
  insertPost,
  insertUser,
  signedIn,
  startForum,
  TEST_ENGINE,
  type TestForum,
} from "./harness";

const DAY = 24 * 3600_000;
type SignedIn = Awaited<ReturnType<typeof signedIn>>;
const scratch = mkdtempSync(join(tmpdir(), "forum-backups-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A fresh place to restore into: a SQLite path that does not exist yet, and an uploads folder. */
function freshTarget(): BackupSource & { database: { engine: "sqlite"; path: string } } {
  const dir = mkdtempSync(join(scratch, "target-"));
  return {
    database: { engine: "sqlite", path: join(dir, "forum.db") },
    uploadsDir: join(dir, "uploads"),
    secretKeyPath: join(dir, "secret.key"),
  };
}

function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

async function withFile<T>(path: string, work: (db: ForumDb) => Promise<T>): Promise<T> {
  const handle = createDb({ path, readConnection: false });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

// Each test takes and restores whole backups (worker threads, file copies): seconds each on a busy machine.
describe.skipIf(TEST_ENGINE !== "sqlite")("a backup taken while members write (SQLite)", { timeout: 120_000 }, () => {
  let forum: TestForum;
  let admin: SignedIn;
  let keyDir: string;

  beforeAll(async () => {
    keyDir = mkdtempSync(join(scratch, "key-"));
    writeFileSync(join(keyDir, "secret.key"), `${randomBytes(32).toString("hex")}\n`);
    forum = await startForum({ backups: { secretKeyPath: join(keyDir, "secret.key") } });
    admin = await signedIn(forum, { role: "admin" });
  });
  afterAll(() => forum.close());

  it("holds every write acknowledged before it began, passes the integrity check, and a new server serves it", async () => {
    const categoryId = await insertCategory(forum.db, "Backed Up");
    const writers = await Promise.all(Array.from({ length: 10 }, () => signedIn(forum)));
    const post = await insertPost(forum.db, { authorId: writers[0]?.user.id ?? 0, categoryId, title: "Busy thread" });
    // A file of the uploads folder, which must travel with the database.
    const uploadsDir = forum.app.services.backups.settings.source.uploadsDir;
    mkdirSync(join(uploadsDir, "notes"), { recursive: true });
    writeFileSync(join(uploadsDir, "notes", "kept.txt"), "kept with the backup");

    const acknowledged: number[] = [];
    let writing = true;
    const loops = writers.map(async (writer, index) => {
      let n = 0;
      while (writing) {
        const reply = await writer.post(`/api/posts/${post.id}/replies`, { content: `Reply ${index}.${n++}` });
        expect(reply.status).toBe(201);
        acknowledged.push(reply.body.id);
      }
    });
    while (acknowledged.length < 50) await new Promise((resolve) => setImmediate(resolve));

    const before = [...acknowledged];
    const taken = await admin.post("/api/admin/backups");
    const afterBackup = acknowledged.length;
    writing = false;
    await Promise.all(loops);
    expect(taken.status).toBe(201);
    expect(taken.body.message).toBe(BACKUP_MESSAGES.taken(taken.body.backup.name));
    expect(taken.body.backup.name).toMatch(/^forum-backup-\d{8}T\d{9}Z-schema\d{4}\.tar$/);
    // The writers kept going while the backup was written (what it proves depends on it).
    expect(afterBackup).toBeGreaterThan(before.length);

    const file = join(forum.app.services.backups.settings.dir, taken.body.backup.name);
    expect(readFileSync(`${file}.sha256`, "utf8")).toBe(`${sha256(file)}  ${taken.body.backup.name}\n`);

    const target = freshTarget();
    const report = await restoreBackup(file, target, { force: false });
    expect(report.migrated).toEqual([]);
    expect(report.manifest.engine).toBe("sqlite");
    expect(report.counts.members).toBe(11);
    expect(report.counts.posts).toBe(1);
    expect(report.counts.replies).toBeGreaterThanOrEqual(before.length);

    const restored = new SQLite(target.database.path, { readonly: true });
    expect(restored.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
    const ids = new Set((restored.prepare("select id from replies").all() as { id: number }[]).map((row) => row.id));
    restored.close();
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect(readFileSync(join(target.uploadsDir, "notes", "kept.txt"), "utf8")).toBe("kept with the backup");
    expect(readFileSync(target.secretKeyPath as string, "utf8")).toBe(readFileSync(join(keyDir, "secret.key"), "utf8"));

    // A server on the restored database serves the thread and its replies.
    const app = await buildApp({
      database: createDb({ path: target.database.path }),
      logLevel: "silent",
      secureCookies: false,
      trustProxy: false,
      rateLimits: false,
      webDistDir: join(scratch, "no-web-build"),
      uploadsDir: target.uploadsDir,
      mail: { background: false },
      webhooks: { background: false },
      dataExports: { background: false },
      backups: { background: false },
    });
    try {
      const page = await client(app).get(`/api/posts/${post.slug}`);
      expect(page.status).toBe(200);
      expect(page.body.title).toBe("Busy thread");
      const replies = await client(app).get(`/api/posts/${post.id}/replies`);
      expect(replies.status).toBe(200);
      expect(replies.body.replies[0].content).toMatch(/^Reply \d\.0$/);
    } finally {
      await app.close();
    }
  }, 180_000);

  it("refuses a damaged file and changes nothing", async () => {
    const { dir } = forum.app.services.backups.settings;
    const backup = await forum.app.services.backups.takeNow(admin.user.id);
    const damaged = join(dir, "damaged.tar");
    const bytes = readFileSync(backup.path);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    writeFileSync(
      `${damaged}.sha256`,
      readFileSync(`${backup.path}.sha256`, "utf8").replace(backup.name, "damaged.tar"),
    );

    // A target that holds a forum already, and one that does not exist.
    const target = freshTarget();
    await restoreBackup(backup.path, target, { force: false });
    const before = sha256(target.database.path);
    const refused = await restoreBackup(damaged, target, { force: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toBe(
      `${damaged} does not match its checksum (${damaged}.sha256): the file is damaged or incomplete. Nothing was changed.`,
    );
    expect(sha256(target.database.path)).toBe(before);

    const empty = freshTarget();
    await expect(restoreBackup(damaged, empty, { force: false })).rejects.toThrow(/does not match its checksum/);
    expect(existsSync(empty.database.path)).toBe(false);

    rmSync(`${damaged}.sha256`);
    await expect(restoreBackup(damaged, empty, { force: false })).rejects.toThrow(
      `${damaged}.sha256 is missing: the checksum written beside every backup is needed to check it`,
    );
  });

  it("refuses a target that holds a forum unless forced, and then replaces it", async () => {
    const backup = await forum.app.services.backups.takeNow(admin.user.id);
    const target = freshTarget();
    const other = createDb({ path: target.database.path, readConnection: false });
    await migrateToLatest(other.db);
    await sql`insert into users (username, email, "passwordHash", role, banned, "createdAt") values ('someone', 's@example.com', 'x', 'user', 0, 1)`.execute(
      other.db,
    );
    await other.close();
    const before = sha256(target.database.path);

    await expect(restoreBackup(backup.path, target, { force: false })).rejects.toThrow(
      "the target database is not empty (it has 1 members): restore into an empty database, or add --force to replace it",
    );
    expect(sha256(target.database.path)).toBe(before);

    const report = await restoreBackup(backup.path, target, { force: true });
    expect(report.counts.members).toBe(report.manifest.counts.members);
    const names = await withFile(target.database.path, (db) => db.selectFrom("users").select("username").execute());
    expect(names.map((row) => row.username)).not.toContain("someone");
  });
});

describe.skipIf(TEST_ENGINE !== "sqlite")("schema versions (SQLite)", { timeout: 120_000 }, () => {
  /** The migrations after 0029, newest first, as they are undone. */
  const LATER_MIGRATIONS = [
    ["0033_vote_functions", voteFunctions],
    ["0032_site_settings", siteSettings],
    ["0031_staff_log", staffLog],
    ["0030_read_states", readStates],
  ] as const;

  /** A forum database whose schema stops at 0029 (data exports), with one member. */
  async function olderForum(): Promise<BackupSource & { database: { engine: "sqlite"; path: string } }> {
    const source = freshTarget();
    await withFile(source.database.path, async (db) => {
      await migrateToLatest(db);
      for (const [name, migration] of LATER_MIGRATIONS) {
        await migration.down(db);
        await db
          .deleteFrom("kysely_migration" as never)
          .where("name" as never, "=", name as never)
          .execute();
      }
      await sql`insert into users (username, email, "passwordHash", role, banned, "createdAt") values ('old', 'old@example.com', 'x', 'user', 0, 1)`.execute(
        db,
      );
    });
    return source;
  }

  it("migrates a backup of an older schema forward after restoring it", async () => {
    const source = await olderForum();
    const backup = await takeBackup(source, { dir: join(scratch, "older") });
    expect(backup.name).toMatch(/-schema0029\.tar$/);
    const target = freshTarget();
    const report = await restoreBackup(backup.path, target, { force: false });
    expect(report.manifest.schema.latest).toBe("0029");
    expect(report.migrated).toEqual(knownMigrationNames().filter((name) => name > "0029_data_exports"));
    expect(report.counts).toEqual({ members: 1, posts: 0, replies: 0 });
    const readStateRows = await withFile(target.database.path, (db) =>
      db.selectFrom("read_states").selectAll().execute(),
    );
    expect(readStateRows).toEqual([]);
    // The restored forum's staff log says it was restored, by no one signed in.
    const logged = await withFile(target.database.path, (db) =>
      db.selectFrom("staff_log").select(["action", "actorId", "targetLabel"]).execute(),
    );
    expect(logged).toEqual([{ action: "backup.restore", actorId: null, targetLabel: backup.name }]);
  });

  it("refuses a backup of a newer schema, and changes nothing", async () => {
    const source = freshTarget();
    await withFile(source.database.path, async (db) => {
      await migrateToLatest(db);
      await db
        .insertInto("kysely_migration" as never)
        .values({ name: "0099_from_the_future", timestamp: new Date().toISOString() } as never)
        .execute();
    });
    const backup = await takeBackup(source, { dir: join(scratch, "newer") });
    expect(backup.name).toMatch(/-schema0099\.tar$/);
    const target = freshTarget();
    await expect(restoreBackup(backup.path, target, { force: false })).rejects.toThrow(
      "this backup's schema (version 0099) is newer than this forum's: it has migrations this version does not know (0099_from_the_future). Restore it with a newer version of the forum.",
    );
    expect(readdirSync(join(target.database.path, ".."))).toEqual([]);
  });
});

describe("the admin Backups calls", { timeout: 120_000 }, () => {
  let forum: TestForum;
  let admin: Client;

  beforeAll(async () => {
    forum = await startForum();
    admin = await signedIn(forum, { role: "admin" });
  });
  afterAll(() => forum.close());

  it.skipIf(TEST_ENGINE !== "sqlite")(
    "lists backups newest first; downloads stream the file; admins only",
    async () => {
      const first = await admin.post("/api/admin/backups");
      const second = await admin.post("/api/admin/backups");
      expect([first.status, second.status]).toEqual([201, 201]);
      const list = await admin.get("/api/admin/backups");
      expect(list.status).toBe(200);
      expect(list.body.keep).toBe(7);
      expect(list.body.every).toBeNull();
      expect(list.body.backups.map((backup: { name: string }) => backup.name)).toEqual([
        second.body.backup.name,
        first.body.backup.name,
      ]);
      const shown = list.body.backups[0];
      const path = join(list.body.directory, shown.name);
      expect(shown.sizeBytes).toBe(readFileSync(path).length);

      const response = await forum.app.inject({
        method: "GET",
        url: shown.downloadUrl,
        headers: { cookie: admin.jar.cookie ?? "" },
      });
      await checkDocumented(forum.app, "GET", shown.downloadUrl, response);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="${shown.name}"`);
      expect(response.rawPayload.equals(readFileSync(path))).toBe(true);

      const member = await signedIn(forum);
      expect((await member.get("/api/admin/backups")).body.message).toBe(MESSAGES.adminOnly);
      expect((await member.post("/api/admin/backups")).status).toBe(403);
      expect((await member.get(shown.downloadUrl)).status).toBe(403);
      expect((await client(forum.app).get(shown.downloadUrl)).status).toBe(401);
      const missing = await admin.get("/api/admin/backups/forum-backup-20200101T000000000Z-schema0001.tar/download");
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(BACKUP_MESSAGES.notFound);
      expect((await admin.get("/api/admin/backups/..%2Fforum.db/download")).status).toBe(404);
    },
  );

  it("schedules one backup per period across instances and keeps the last FORUM_BACKUP_KEEP", async () => {
    let now = Date.parse("2026-12-01T10:00:00Z");
    const dir = mkdtempSync(join(scratch, "scheduled-"));
    const scheduled = await startForum({
      clock: () => now,
      backups: { dir, keep: 2, every: { text: "24h", ms: DAY } },
    });
    try {
      const other = await scheduled.startInstance();
      const runBoth = () => Promise.all([scheduled.app.services.backups.runDue(), other.services.backups.runDue()]);
      if (TEST_ENGINE === "postgres" && !(await pgDumpMatches(scheduled))) {
        // This machine's pg_dump is older than the server: the failure says so, and nothing is written.
        await expect(runBoth()).rejects.toThrow(/^pg_dump failed \(exit code 1\): .*server version mismatch/s);
        expect(await scheduled.app.services.backups.list()).toEqual([]);
        return;
      }

      const first = await runBoth();
      expect(first.filter((taken) => taken !== null)).toHaveLength(1);
      expect(await runBoth()).toEqual([null, null]);
      for (const day of [1, 2]) {
        now += DAY;
        expect((await runBoth()).filter((taken) => taken !== null)).toHaveLength(1);
        expect(day).toBeGreaterThan(0);
      }
      const kept = await scheduled.app.services.backups.list();
      expect(kept).toHaveLength(2);
      expect(kept.map((file) => file.createdAt.toISOString())).toEqual([
        "2026-12-03T10:00:00.000Z",
        "2026-12-02T10:00:00.000Z",
      ]);
      const runs = await scheduled.db
        .selectFrom("periodic_runs")
        .select(["period", "finishedAt"])
        .where("job", "=", "backup")
        .execute();
      expect(runs).toHaveLength(3);
      expect(runs.every((run) => run.finishedAt !== null)).toBe(true);
    } finally {
      await scheduled.close();
    }
  });
});

/**
 * PostgreSQL's round trip (pg_dump, pg_restore) needs a server this machine's pg_dump can dump: the
 * suites' own when the versions allow it, or FORUM_BACKUP_TEST_POSTGRES_URL (a server where
 * databases may be made, "postgres://postgres@127.0.0.1:5499/postgres") when the suites' is newer.
 */
describe("a backup of PostgreSQL", () => {
  const serverUrl =
    process.env.FORUM_BACKUP_TEST_POSTGRES_URL ?? (TEST_ENGINE === "postgres" ? inject("postgresUrl") : undefined);

  it.skipIf(serverUrl === undefined)(
    "restores into an empty database with its counts, refuses a forum there unless forced",
    async ({ skip }) => {
      const server = new pg.Client(serverUrl);
      await server.connect();
      const names = [1, 2].map(() => `forum_backup_${randomBytes(5).toString("hex")}`);
      const [source, target] = names.map((name) => databaseUrl(serverUrl as string, name)) as [string, string];
      try {
        if (!(await pgDumpCanDump(server))) return skip();
        for (const name of names) await server.query(`create database ${name}`);
        const live = createPostgresDb({ url: source, poolSize: 2 });
        try {
          await migrateToLatest(live.db);
          const user = await insertUser(live.db);
          const categoryId = await insertCategory(live.db, "Dumped");
          await insertPost(live.db, { authorId: user.id, categoryId, title: "In the dump" });
          const uploadsDir = mkdtempSync(join(scratch, "pg-uploads-"));
          writeFileSync(join(uploadsDir, "file.txt"), "uploaded");
          const backup = await takeBackup(
            { database: { engine: "postgres", url: source }, uploadsDir },
            { dir: join(scratch, "pg"), db: live.db },
          );
          const into = {
            database: { engine: "postgres" as const, url: target },
            uploadsDir: join(scratch, "pg-restored"),
          };
          const report = await restoreBackup(backup.path, into, { force: false });
          expect(report.manifest.engine).toBe("postgres");
          expect(report.counts).toEqual({ members: 1, posts: 1, replies: 0 });
          expect(readFileSync(join(into.uploadsDir, "file.txt"), "utf8")).toBe("uploaded");
          await expect(restoreBackup(backup.path, into, { force: false })).rejects.toThrow(
            "the target database is not empty (it has 1 members)",
          );
          expect((await restoreBackup(backup.path, into, { force: true })).counts.posts).toBe(1);
          // A SQLite target refuses a PostgreSQL backup before anything is touched.
          await expect(restoreBackup(backup.path, freshTarget(), { force: false })).rejects.toThrow(
            "this backup is of a postgres forum and the target is sqlite: restore it into the same engine",
          );
        } finally {
          await live.close();
        }
      } finally {
        for (const name of names) await server.query(`drop database if exists ${name} with (force)`);
        await server.end();
      }
    },
    120_000,
  );
});

/** Whether this machine's pg_dump is at least the server's major version (it refuses a newer server). */
async function pgDumpCanDump(server: pg.Client): Promise<boolean> {
  const { rows } = await server.query<{ server_version_num: string }>("show server_version_num");
  const tool = spawnSync("pg_dump", ["--version"], { encoding: "utf8" });
  const toolMajor = Number(/(\d+)\./.exec(tool.stdout ?? "")?.[1] ?? 0);
  return toolMajor >= Math.floor(Number(rows[0]?.server_version_num) / 10_000);
}

/**
 * pg_dump refuses a server of a newer major version than its own (this machine's client tools may
 * be older than the test server): the PostgreSQL backup tests need one at least as new.
 */
async function pgDumpMatches(forum: TestForum): Promise<boolean> {
  const server = await sql<{ server_version_num: string }>`show server_version_num`.execute(forum.db);
  const serverMajor = Math.floor(Number(server.rows[0]?.server_version_num) / 10_000);
  const tool = spawnSync("pg_dump", ["--version"], { encoding: "utf8" });
  return Number(/(\d+)\./.exec(tool.stdout ?? "")?.[1] ?? 0) >= serverMajor;
}
