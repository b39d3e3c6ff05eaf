// The roof every ratio divides by: a bare Fastify hello-world (bench/roof.mjs) in the same kind of
// process as the forum, loaded by autocannon as the closed-loop scenarios are.
import { join } from "node:path";
import autocannon from "autocannon";
import { benchDir } from "./dataset.mjs";
import { BENCH_ENV } from "./forumServer.mjs";
import { freePort, startNodeServer, stopServer } from "./processes.mjs";

/** Starts the roof; with `bodyBytes`, the same-size roof answering that many bytes. */
export async function startRoof(bodyBytes = 0) {
  return startNodeServer({
    script: join(benchDir, "roof.mjs"),
    cwd: join(benchDir, ".."),
    env: bodyBytes > 0 ? { ...BENCH_ENV, ROOF_BODY_BYTES: String(bodyBytes) } : BENCH_ENV,
    port: await freePort(),
    readyPath: "/",
  });
}

/** The roof's req/s: started, warmed up and measured as run.mjs measures it, then stopped. */
export async function measureRoof({ seconds = 10, warmupSeconds = 3, connections = 10 } = {}) {
  const roof = await startRoof();
  try {
    const load = (duration) => autocannon({ url: roof.base, connections, duration });
    if (warmupSeconds > 0) await load(warmupSeconds);
    return Math.round((await load(seconds)).requests.average);
  } finally {
    await stopServer(roof.child);
  }
}
