// A reader thread entry for test/reader-threads.test.ts: calls that show where they ran, what
// their connection sees, and how errors and a dying thread come back.
import { threadId } from "node:worker_threads";
import { sql } from "kysely";
import { serveReaderCalls } from "../../src/readerThreadHost";

class AppError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

serveReaderCalls({
  names: async (db) => ({
    threadId,
    names: (await db.selectFrom("categories").select("name").orderBy("id").execute()).map((row) => row.name),
  }),
  /** Keeps this thread's core busy for `ms`, as a long search would. */
  busy: async (_db, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      // spin
    }
    return threadId;
  },
  raw: async (db, text: string) => (await sql.raw(text).execute(db)).rows,
  write: (db) =>
    db
      .insertInto("categories")
      .values({ name: "Nope", slug: "nope", description: null, color: "#3b82f6", createdAt: 1 })
      .execute(),
  refuse: async () => {
    throw new AppError("NOT_FOUND", "Post not found", { postId: 7 });
  },
  exit: async () => process.exit(3),
});
