// What a write costs on PostgreSQL, and where its time goes: CPU or waiting for a CPU.
//   node bench/write-cost.mjs [--scale 0.1] [--seconds 8]      (build first: npm run build)
// Loads the data set into a throw-away PostgreSQL (or FORUM_BENCH_DATABASE_URL's server, as
// `npm run bench -- --engine postgres` does), starts one production server on it, and votes as
// bench_user for a few seconds with 1 and then 10 connections; then sends the same statements
// over raw pg, unnamed (as the server does) and as named prepared statements. Around each run it
// reads /proc/<pid>/task/*/schedstat (Linux) of the server and of the PostgreSQL server's
// processes (the postmaster on the URL's port and its children, so it must run on this machine):
// time on a CPU, and time runnable but waiting for one. Printed per vote.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { register } from "tsx/esm/api";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { freePort, startNodeServer, stopServer } from "./lib/processes.mjs";

const { values } = parseArgs({
  options: { scale: { type: "string", default: "0.1" }, seconds: { type: "string", default: "8" } },
});
register();
const { createPostgresDb, migrateToLatest } = await import("@forum/db");
const { preparePostgresDataset, providePostgres } = await import("./lib/postgres.mjs");

/** [ns on a CPU, ns waiting for one] of every thread of a process; zeros once it is gone. */
function schedOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`)
      .map((task) => readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ").map(Number))
      .reduce((sum, [cpu, wait]) => [sum[0] + cpu, sum[1] + wait], [0, 0]);
  } catch {
    return [0, 0];
  }
}
/** The parent pid of a process, from /proc/<pid>/stat (the field after the parenthesised name). */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return -1;
  }
}

/** The PostgreSQL server listening on `port` and its children (backends, writers): their pids. */
function clusterPids(port) {
  const all = readdirSync("/proc").filter((pid) => /^\d+$/.test(pid));
  const postmaster = all.find((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      return args[0].endsWith("postgres") && args[args.indexOf("-p") + 1] === String(port);
    } catch {
      return false;
    }
  });
  if (!postmaster) throw new Error(`no PostgreSQL process of this machine listens on port ${port}`);
  return [postmaster, ...all.filter((pid) => String(parentOf(pid)) === postmaster)];
}

/** CPU and waiting time of the cluster's processes between two calls (backends come and go). */
function clusterMeter(port) {
  const before = new Map(clusterPids(port).map((pid) => [pid, schedOf(pid)]));
  return () => {
    const pids = new Set([...before.keys(), ...clusterPids(port)]);
    return [...pids].reduce(
      (sum, pid) => {
        const [cpu, wait] = schedOf(pid);
        const [cpu0, wait0] = before.get(pid) ?? [0, 0];
        return [sum[0] + Math.max(0, cpu - cpu0), sum[1] + Math.max(0, wait - wait0)];
      },
      [0, 0],
    );
  };
}

const dataset = ensureDataset(Number(values.scale));
const server = await providePostgres();
const work = mkdtempSync(join(tmpdir(), "forum-write-cost-"));
let forum;
let prepared;
try {
  prepared = await preparePostgresDataset(server, dataset, async (url) => {
    const handle = createPostgresDb({ url, poolSize: 1 });
    await migrateToLatest(handle.db).finally(() => handle.close());
  });
  forum = await startNodeServer({
    script: join(benchDir, "..", "apps", "server", "dist", "main.cjs"),
    cwd: join(benchDir, ".."),
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: "warn",
      DATABASE_URL: prepared.url,
      FORUM_SEED: "none",
      FORUM_UPLOADS_DIR: join(work, "uploads"),
    },
    port: await freePort(),
    readyPath: "/api/categories",
  });
  const { user, password } = dataset.summary.benchAccounts;
  const login = await fetch(`${forum.base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user, password }),
  });
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0];
  if (!login.ok || !cookie) throw new Error(`login answered ${login.status}`);
  const admin = new pg.Client(prepared.url);
  await admin.connect();
  const commits = async () =>
    Number(
      (await admin.query("select xact_commit from pg_stat_database where datname = current_database()")).rows[0]
        .xact_commit,
    );
  const port = Number(new URL(prepared.url).port || 5432);
  const posts = dataset.summary.counts.posts;
  let k = 0;
  const nextPost = () => 1 + ((k++ * 7919) % posts);
  const perVote = (nanoseconds, votes) => `${(nanoseconds / 1e6 / votes).toFixed(2)} ms`;
  const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");

  console.log("Votes through the server (POST /api/votes):");
  for (const connections of [1, 10]) {
    const postgres = clusterMeter(port);
    const [server0, commits0, started] = [schedOf(forum.child.pid), await commits(), performance.now()];
    const result = await autocannon({
      url: forum.base,
      connections,
      duration: Number(values.seconds),
      requests: [
        {
          method: "POST",
          path: "/api/votes",
          headers: { "content-type": "application/json", cookie },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ type: "upvote", postId: nextPost() }) }),
        },
      ],
    });
    const seconds = (performance.now() - started) / 1000;
    const [server1, [postgresCpu, postgresWait], commits1] = [schedOf(forum.child.pid), postgres(), await commits()];
    const votes = result.requests.total;
    console.log(
      `  ${connections} connection(s): ${Math.round(votes / seconds)} votes/s, p50 ${result.latency.p50} ms, ` +
        `${result.non2xx} failed. Per vote: server CPU ${perVote(server1[0] - server0[0], votes)}, waiting for a ` +
        `CPU ${perVote(server1[1] - server0[1], votes)}; PostgreSQL CPU ${perVote(postgresCpu, votes)}, waiting ` +
        `${perVote(postgresWait, votes)}; ${((commits1 - commits0 - 1) / votes).toFixed(2)} commits. Load ${load()}`,
    );
  }

  // The same statements as a vote (session lookup, then the vote's transaction) over raw pg with
  // 10 clients: sent unnamed, as Kysely's PostgresDialect does (parsed and planned every time), or
  // as named prepared statements (planned once per connection).
  console.log("The statements of a vote over raw pg, 10 clients:");
  const clients = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const client = new pg.Client(prepared.url);
      await client.connect();
      return client;
    }),
  );
  const rawVote = async (client, named, voter) => {
    const postId = nextPost();
    const query = (name, text, params) =>
      client.query(named ? { name, text, values: params } : { text, values: params });
    await query(
      "session",
      'select s.id, s."userId", u.role from sessions s join users u on u.id = s."userId" where s.id = $1',
      ["none"],
    );
    await client.query("begin");
    await query("lock", "select 1 from posts where id in ($1) order by id for update", [postId]);
    await query(
      "read",
      'select p.upvotes, p.downvotes, p."createdAt", v.id, v.value from posts p left join votes v on v."postId" = p.id and v."userId" = $2 where p.id = $1',
      [postId, voter],
    );
    await query(
      "insert",
      'insert into votes ("userId", "postId", "replyId", value, "createdAt") values ($1, $2, null, 1, $3) on conflict do nothing',
      [voter, postId, Date.now()],
    );
    await query("update", 'update posts set upvotes = upvotes + 1, score = score + 1, "hotScore" = $2 where id = $1', [
      postId,
      Math.random(),
    ]);
    await client.query("commit");
  };
  for (const named of [false, true, false, true]) {
    const postgres = clusterMeter(port);
    const [self0, started] = [process.cpuUsage(), performance.now()];
    let done = 0;
    await Promise.all(
      clients.map(async (client, index) => {
        while (performance.now() - started < Number(values.seconds) * 1000) {
          await rawVote(client, named, 3 + index);
          done++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [postgresCpu, postgresWait] = postgres();
    const self = process.cpuUsage(self0);
    console.log(
      `  ${named ? "named  " : "unnamed"}: ${Math.round(done / seconds)} votes/s. Per vote: PostgreSQL CPU ` +
        `${perVote(postgresCpu, done)}, waiting ${perVote(postgresWait, done)}; pg client CPU ` +
        `${perVote((self.user + self.system) * 1000, done)}. Load ${load()}`,
    );
  }
  for (const client of clients) await client.end();
  await admin.end();
} finally {
  if (forum) await stopServer(forum.child);
  await prepared?.drop();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
