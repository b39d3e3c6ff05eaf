// A fresh, migrated database on the engine this run tests: a temporary SQLite file, or a new
// PostgreSQL database copied from the run's template (see globalSetup.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, createPostgresDb, type DbHandle, migrateToLatest, type QueryObserver } from "@forum/db";
import pg from "pg";
import { inject } from "vitest";
import { databaseUrl } from "./globalSetup";
import { TEMPLATE_DATABASE } from "./names";

export type TestEngine = "sqlite" | "postgres";

/** Which engine this run of the suites tests (the vitest project sets it). */
export const TEST_ENGINE: TestEngine = process.env.FORUM_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";

export type TestDatabase = {
  /**
   * Opens a handle on the database (each call a new one, as a second app instance would);
   * `onQuery` hears each statement's kind and time (the metrics).
   */
  open: (onQuery?: QueryObserver) => DbHandle;
  /** A folder for the forum's other files (uploads), removed by drop(). */
  dir: string;
  /** Deletes the database and the folder; close every handle first. */
  drop: () => Promise<void>;
};

export async function createTestDatabase(
  options: { onNewStatement?: (sql: string) => void } = {},
  engine: TestEngine = TEST_ENGINE,
): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "forum-test-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (engine === "sqlite") {
    const path = join(dir, "forum.db");
    const first = createDb({ path });
    await migrateToLatest(first.db);
    await first.close();
    return {
      dir,
      open: (onQuery) => createDb({ path, onNewStatement: options.onNewStatement, onQuery }),
      drop: async () => removeDir(),
    };
  }
  const serverUrl = inject("postgresUrl");
  const name = `forum_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  const url = databaseUrl(serverUrl, name);
  return {
    dir,
    open: (onQuery) => createPostgresDb({ url, poolSize: 5, onNewStatement: options.onNewStatement, onQuery }),
    drop: async () => {
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
      removeDir();
    },
  };
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
