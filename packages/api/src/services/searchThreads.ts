// Searches on SQLite's reader threads (@forum/db readerThreads.ts). A search is ~3 ms of SQLite
// work and snippets; on the event loop ten of them at once held up every other request behind
// them (answered from memory in under a millisecond). Here the whole search (ids from the index,
// the posts' rows, the snippets) runs on a worker thread with a read-only connection of its own
// and answers the finished results. In WAL mode that connection sees every write committed
// before the search starts, so a post is found as soon as its create or edit has answered.
// PostgreSQL's pool already waits off the loop, and ":memory:" has no file to share: both keep
// searching on the request's connection.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { DbHandle, ReaderThreads } from "@forum/db";
import { appErrorFromThread } from "../errors";
import type { SEARCH_CALLS, Searcher } from "./search";

/** The search threads of this database, or undefined where searches stay on the caller's connection. */
export function startSearchThreads(database: DbHandle, size: number): Searcher | undefined {
  if (size === 0 || !database.startReaderThreads) return undefined;
  const threads = database.startReaderThreads({
    name: "searchWorker",
    sourceDir: dirname(fileURLToPath(import.meta.url)),
    size,
    // A search's live data is a few hundred KB (20 posts, their rows and snippets).
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
    pageCacheMb: 8,
  });
  return {
    posts: (options) => called(threads, "posts", options),
    count: (options) => called(threads, "count", options),
  };
}

async function called<T>(threads: ReaderThreads, method: keyof typeof SEARCH_CALLS, input: unknown): Promise<T> {
  try {
    return await threads.call<T>(method, input);
  } catch (error) {
    throw appErrorFromThread(error);
  }
}
