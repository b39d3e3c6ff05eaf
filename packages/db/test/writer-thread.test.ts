// SQLite's writer thread (writerThread.ts) against the same statements on the calling thread:
// transactions are all or nothing, savepoints nest, and SQLite's errors arrive unchanged.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type DbHandle, migrateToLatest, uniqueViolationOf } from "../src/index";

const dirs: string[] = [];
const handles: DbHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(writerThread?: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "forum-writer-"));
  dirs.push(dir);
  const path = join(dir, "forum.db");
  const handle = writerThread === undefined ? createDb({ path }) : createDb({ path, writerThread });
  handles.push(handle);
  await migrateToLatest(handle.db);
  await handle.db
    .insertInto("categories")
    .values({ name: "Taken", slug: "taken", description: null, color: "#3b82f6", createdAt: 1 })
    .execute();
  return handle;
}

/** The error a duplicate category name raises, as the services see it. */
async function duplicateNameError(handle: DbHandle) {
  return handle.db
    .insertInto("categories")
    .values({ name: "Taken", slug: "taken-2", description: null, color: "#3b82f6", createdAt: 2 })
    .execute()
    .then(
      () => null,
      (error: Error & { code?: unknown }) => ({ name: error.name, code: error.code, message: error.message, error }),
    );
}

describe("SQLite's writer thread", () => {
  it("is what the server's handle writes through (the default with a read connection), and the calling thread otherwise", async () => {
    expect((await open()).writer).toBe("thread");
    expect((await open(false)).writer).toBe("caller");
  });

  it("raises a unique violation with the same name, code and message as the calling thread", async () => {
    const onThread = await duplicateNameError(await open(true));
    const onCaller = await duplicateNameError(await open(false));
    expect(onCaller).not.toBeNull();
    expect({ ...onThread, error: undefined }).toEqual({ ...onCaller, error: undefined });
    expect(onThread?.code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect(uniqueViolationOf(onThread?.error)).toBe(uniqueViolationOf(onCaller?.error));
  });

  it("rolls a failed transaction back whole, and keeps a committed one", async () => {
    const handle = await open(true);
    const names = () => handle.reader.selectFrom("categories").select("name").orderBy("id").execute();
    const failed = await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("categories")
          .values({ name: "First", slug: "first", description: null, color: "#3b82f6", createdAt: 3 })
          .execute();
        await trx.updateTable("categories").set({ description: "changed" }).where("slug", "=", "taken").execute();
        await trx
          .insertInto("categories")
          .values({ name: "Taken", slug: "again", description: null, color: "#3b82f6", createdAt: 4 })
          .execute();
      })
      .catch((error: Error & { code?: unknown }) => error.code);
    expect(failed).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect(await names()).toEqual([{ name: "Taken" }]);
    expect(
      (await handle.reader.selectFrom("categories").select("description").executeTakeFirstOrThrow()).description,
    ).toBeNull();

    // A savepoint inside a transaction, rolled back alone.
    const trx = await handle.db.startTransaction().execute();
    await trx
      .insertInto("categories")
      .values({ name: "Second", slug: "second", description: null, color: "#3b82f6", createdAt: 5 })
      .execute();
    const inner = await trx.savepoint("inner").execute();
    await inner
      .insertInto("categories")
      .values({ name: "Inner", slug: "inner", description: null, color: "#3b82f6", createdAt: 6 })
      .execute();
    await inner.rollbackToSavepoint("inner").execute();
    await trx.commit().execute();
    expect(await names()).toEqual([{ name: "Taken" }, { name: "Second" }]);
  });

  it("runs transactions begun at once one after another, none lost", async () => {
    const handle = await open(true);
    await sql`create table tally (id integer primary key, n integer not null)`.execute(handle.db);
    await sql`insert into tally (id, n) values (1, 0)`.execute(handle.db);
    // Read-modify-write on purpose: only transactions that never interleave keep every increment.
    await Promise.all(
      Array.from({ length: 50 }, () =>
        handle.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ n: number }>`select n from tally where id = 1`.execute(trx);
          await sql`update tally set n = ${(rows[0]?.n ?? 0) + 1} where id = 1`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ n: number }>`select n from tally where id = 1`.execute(handle.reader);
    expect(rows[0]?.n).toBe(50);
  });

  it("answers blobs as Buffers, as the calling thread does", async () => {
    const handle = await open(true);
    await sql`create table blobs (id integer primary key, data blob)`.execute(handle.db);
    const { rows } = await sql<{
      data: Buffer;
    }>`insert into blobs (data) values (${Buffer.from([1, 2, 3])}) returning data`.execute(handle.db);
    expect(Buffer.isBuffer(rows[0]?.data)).toBe(true);
    expect([...(rows[0]?.data ?? [])]).toEqual([1, 2, 3]);
  });
});
