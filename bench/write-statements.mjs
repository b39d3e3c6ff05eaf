// What SQLite's writer does for each write, without HTTP and without the other threads: the
// writer thread's procedures (packages/api/src/writes/writerProcedures.ts) called in this process
// on one connection, one transaction each, as bench_user's votes, replies and new posts of the
// benchmark. Prints the CPU time a write and, per SQL statement, the CPU time a write spent in it
// (a statement's triggers included: the search index's rows are in the inserts). The server runs
// the same procedures in groups (group commit on the writer thread), which shares the COMMIT.
//   node bench/write-statements.mjs --db <copy of bench/data/forum-1.db> [--writes 2000] [--kinds vote,reply,post]
// Never point it at the data set itself: it writes.
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";
import { timeStatements } from "./lib/statementTimes.mjs";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    writes: { type: "string", default: "2000" },
    kinds: { type: "string", default: "vote,reply,post" },
  },
});
if (!values.db) throw new Error("--db <copy of the data set> is required");
register();
const statementTime = timeStatements();
const { createDb } = await import("@forum/db");
const { writerProcedures } = await import("../packages/api/src/writes/writerProcedures.ts");

const BENCH_USER_ID = 2;
const POSTS = 100_000;
const handle = createDb({ path: values.db, writerThread: false, backgroundCheckpoints: false });
let n = Date.now() % POSTS;

/** One write of the kind, each on another post (as the benchmark's scenarios spread them). */
function write(kind) {
  n += 1;
  const postId = ((n * 7919) % POSTS) + 1;
  if (kind === "vote") {
    // Each vote by another member, so each is a new vote (the benchmark's bench_user runs out).
    return writerProcedures.castVote(handle.db, { userId: 3 + (n % 9_000), target: { postId }, type: "upvote" });
  }
  if (kind === "reply") {
    const content = `A reply of the write-cost run, number ${n}, `.padEnd(300, "with words ");
    return writerProcedures.createReply(handle.db, { postId, authorId: BENCH_USER_ID, content });
  }
  return writerProcedures.createPost(handle.db, {
    authorId: BENCH_USER_ID,
    draft: {
      title: `A post of the write-cost run number ${n} ${Date.now()}`,
      content: "Some words of a new post for the write cost run. ".repeat(9),
      categoryId: 1 + (n % 30),
    },
  });
}

for (const kind of values.kinds.split(",")) {
  for (let k = 0; k < 200; k++) await write(kind); // statements prepared, pages warm
  statementTime.clear();
  const count = Number(values.writes);
  const cpu = process.cpuUsage();
  for (let k = 0; k < count; k++) await write(kind);
  const used = process.cpuUsage(cpu);
  console.log(`${kind}: ${((used.user + used.system) / count).toFixed(0)} µs of CPU a write, ${count} writes`);
  const top = [...statementTime.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8);
  for (const [sql, { ms, n: runs }] of top) {
    const perWrite = ((ms * 1000) / count).toFixed(1).padStart(7);
    console.log(`${perWrite} µs ${String(runs).padStart(6)}× ${sql.replace(/\s+/g, " ").slice(0, 130)}`);
  }
}
await handle.close();
