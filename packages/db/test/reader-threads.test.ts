// SQLite's reader threads (readerThreads.ts, readerThreadHost.ts): calls run whole on worker
// threads with read-only connections of their own, see every committed write at once, leave the
// event loop free, and bring their errors back as the calling thread would have seen them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type DbHandle, migrateToLatest, type ReaderThreads } from "../src/index";

const dirs: string[] = [];
const handles: DbHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const WORKER = { name: "readerTestWorker", sourceDir: join(import.meta.dirname, "workers") };

async function open(options: { size?: number; onNewStatement?: (sql: string) => void } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "forum-readers-"));
  dirs.push(dir);
  const handle = createDb({
    path: join(dir, "forum.db"),
    ...(options.onNewStatement ? { onNewStatement: options.onNewStatement } : {}),
  });
  handles.push(handle);
  await migrateToLatest(handle.db);
  const threads = handle.startReaderThreads?.({ ...WORKER, size: options.size ?? 2 }) as ReaderThreads;
  return { handle, threads };
}

let made = 0;
async function addCategory(handle: DbHandle, name: string) {
  made++;
  await handle.db
    .insertInto("categories")
    .values({ name, slug: `cat-${made}`, description: null, color: "#3b82f6", createdAt: made })
    .execute();
}

type Names = { threadId: number; names: string[] };

describe("SQLite's reader threads", () => {
  it("run each call on another thread, which sees every write the moment it has committed", async () => {
    const { handle, threads } = await open();
    const written: string[] = [];
    for (let i = 0; i < 20; i++) {
      const name = `Category ${i}`;
      await addCategory(handle, name);
      written.push(name);
      const seen = await threads.call<Names>("names", null);
      expect(seen.threadId).not.toBe(threadId);
      expect(seen.names).toEqual(written);
    }
  });

  it("leave the event loop free while a call works, and use two threads for two calls at once", async () => {
    const { threads } = await open({ size: 2 });
    let done = false;
    let turns = 0;
    const calls = Promise.all([threads.call<number>("busy", 300), threads.call<number>("busy", 300)]).finally(() => {
      done = true;
    });
    // On the calling thread, 300 ms of synchronous work would allow no turn of the loop at all.
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    const [first, second] = await calls;
    expect(turns).toBeGreaterThan(10);
    expect(first).not.toBe(second);
    expect([first, second]).not.toContain(threadId);
  });

  it("never start more threads than asked: calls then wait their turn on the least busy one", async () => {
    const { threads } = await open({ size: 1 });
    const ran = await Promise.all([1, 2, 3].map(() => threads.call<number>("busy", 20)));
    expect(new Set(ran).size).toBe(1);
  });

  it("only read: a write on their connection fails with SQLite's own error", async () => {
    const { threads } = await open();
    const error = await threads.call("write", null).catch((thrown: Error & { code?: unknown }) => thrown);
    expect(error).toMatchObject({ name: "SqliteError", code: "SQLITE_READONLY" });
  });

  it("bring errors back with their name, message, code, and an AppError's kind and details", async () => {
    const { threads } = await open();
    const sqliteError = await threads.call("raw", "select * from nowhere").catch((thrown: Error) => thrown);
    expect(sqliteError).toBeInstanceOf(Error);
    expect(sqliteError).toMatchObject({ name: "SqliteError", code: "SQLITE_ERROR", message: "no such table: nowhere" });
    const refused = await threads.call("refuse", null).catch((thrown: Error) => thrown);
    expect(refused).toMatchObject({
      name: "AppError",
      message: "Post not found",
      kind: "NOT_FOUND",
      details: { postId: 7 },
    });
  });

  it("fail the calls of a thread that died, and start a new one for the next call", async () => {
    const { handle, threads } = await open({ size: 1 });
    await addCategory(handle, "Still here");
    const before = await threads.call<Names>("names", null);
    await expect(threads.call("exit", null)).rejects.toThrow("a SQLite reader thread has stopped");
    const after = await threads.call<Names>("names", null);
    expect(after.names).toEqual(["Still here"]);
    expect(after.threadId).not.toBe(before.threadId);
  });

  it("report each statement they prepare once, as the server's own connections do", async () => {
    const statements: string[] = [];
    const { threads } = await open({ size: 2, onNewStatement: (sql) => statements.push(sql) });
    statements.length = 0;
    await Promise.all([1, 2, 3, 4].map(() => threads.call("names", null)));
    expect(statements).toEqual(['select "name" from "categories" order by "id"']);
  });

  it("stop with the handle: a call afterwards fails", async () => {
    const { handle, threads } = await open();
    await threads.call("names", null);
    await handle.close();
    handles.splice(handles.indexOf(handle), 1);
    await expect(threads.call("names", null)).rejects.toThrow("the SQLite reader threads have stopped");
  });
});
