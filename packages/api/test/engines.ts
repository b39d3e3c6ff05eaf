// A fresh, migrated database on the engine this run tests (the vitest project sets
// FORUM_TEST_ENGINE): a temporary SQLite file, or a new database on the run's PostgreSQL server.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, createPostgresDb, type ForumDb, migrateToLatest } from "@forum/db";
import { sql } from "kysely";
import { inject } from "vitest";

export const TEST_ENGINE = process.env.FORUM_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";

export type TestDb = { db: ForumDb; close: () => Promise<void> };

export async function openTestDb(): Promise<TestDb> {
  if (TEST_ENGINE === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "forum-api-test-"));
    const handle = createDb({ path: join(dir, "forum.db") });
    await migrateToLatest(handle.db);
    return {
      db: handle.db,
      close: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const server = new URL(inject("postgresUrl"));
  const name = `forum_api_${randomBytes(6).toString("hex")}`;
  const admin = createPostgresDb({ url: server.toString(), poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  server.pathname = `/${name}`;
  const handle = createPostgresDb({ url: server.toString(), poolSize: 3 });
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    },
  };
}
