// Reads on SQLite's reader threads (@forum/db readerThreads.ts), off the event loop. better-sqlite3
// runs a statement synchronously, so on the main thread's reader every query held up every other
// request while it ran: ten searches of ~3 ms each, a cold profile, a list recomputed after each
// write (issue 24: the loop blocked 60-390 ms at a time with members voting and replying).
// - Searches run whole on a thread (ids from the index, the posts' rows, the snippets) and answer
//   the finished results.
// - Every other query procedure reads through `readDb`, a Kysely that sends each statement to a
//   thread (readerDialect.ts).
// Each thread has its own read-only connection; in WAL mode it sees every write committed before
// a call starts, so a write is visible to the next read as before. PostgreSQL's pool already waits
// off the loop, and ":memory:" has no file to share: both keep reading on the request's connection.
import { type DbHandle, type ForumDb, type ReaderThreads, readerThreadsDb, workerModule } from "@forum/db";
import { appErrorFromThread } from "../errors";
import type { SEARCH_CALLS, Searcher } from "./search";

export type ReadThreads = { search: Searcher; readDb: ForumDb };

/**
 * The reader threads of this database, or undefined where reads stay on the caller's connection:
 * `size` threads at most for searches and as many for the other statements. Apart, because a
 * search holds its thread for 3-5 ms at scale 1, and a list or a replies page (under a
 * millisecond) queued behind a few of them waited ten times its own time (issue 24).
 */
export function startReadThreads(database: DbHandle, size: number): ReadThreads | undefined {
  const start = database.startReaderThreads;
  if (size === 0 || !start) return undefined;
  const pool = () =>
    start({
      ...workerModule("searchWorker"),
      size,
      // A search's live data is a few hundred KB (20 posts, their rows and snippets); a statement's
      // rows at most a whole 5,000-reply thread.
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
      pageCacheMb: 8,
    });
  const searches = pool();
  const statements = pool();
  return {
    search: {
      posts: (options) => called(searches, "posts", options),
      count: (options) => called(searches, "count", options),
    },
    readDb: readerThreadsDb(statements, database.onQuery),
  };
}

async function called<T>(threads: ReaderThreads, method: keyof typeof SEARCH_CALLS, input: unknown): Promise<T> {
  try {
    return await threads.call<T>(method, input);
  } catch (error) {
    throw appErrorFromThread(error);
  }
}
