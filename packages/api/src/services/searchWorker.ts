// Worker thread entry of the search threads (readThreads.ts): runs the search services on its
// own read-only SQLite connection. Built into the server bundle as dist/searchWorker.cjs; run
// from this source in tests.
import { serveReaderCalls } from "@forum/db";
import { SEARCH_CALLS } from "./search";

serveReaderCalls(SEARCH_CALLS);
