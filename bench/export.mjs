// Spreadsheet export benchmark (issue 32): the built server (apps/server/dist/main.cjs) on a copy
// of the bench data set exports its posts (100,000 at scale 1) as .xlsx and as .csv, read here as
// fast as they come. Prints each export's wall time (and time to the first byte), the file's size,
// the server's RSS sampled every 20 ms during it and its VmHWM, and the slowest cheap read
// (/api/categories) answered meanwhile. The server is started once on the copy first and stopped,
// so the migrations the data set lacks are not part of the figure (as bench/run.mjs does).
// Run: (cd apps/server && node build.mjs) && node bench/export.mjs [--scale 1] [--type posts]
//      [--format xlsx,csv] [--check]   (--check opens the .xlsx with SheetJS and counts its rows)
import { constants, copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as XLSX from "@e965/xlsx";
import { benchDir, ensureDataset } from "./lib/dataset.mjs";
import { freePort, memoryOf, startNodeServer, stopServer } from "./lib/processes.mjs";

const { values: options } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    type: { type: "string", default: "posts" },
    format: { type: "string", default: "xlsx,csv" },
    check: { type: "boolean", default: false },
  },
});
const root = join(benchDir, "..");
const serverEntry = join(root, "apps", "server", "dist", "main.cjs");
const ADMIN = { username: "bench_admin", password: "bench-password-1" };
const mb = (value) => `${value.toFixed(0)} MB`;

async function startServer(databasePath, work) {
  return startNodeServer({
    script: serverEntry,
    cwd: root,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: "warn",
      FORUM_SEED: "none",
      FORUM_RATE_LIMITS: "off",
      DATABASE_PATH: databasePath,
      FORUM_WEB_DIST: join(work, "no-web"),
      FORUM_UPLOADS_DIR: join(work, "uploads"),
    },
    port: await freePort(),
    readyPath: "/api/categories",
  });
}

async function exportOnce(base, pid, cookie, format) {
  let peakDuring = memoryOf(pid).currentMB;
  const sampler = setInterval(() => {
    peakDuring = Math.max(peakDuring, memoryOf(pid).currentMB);
  }, 20);
  let slowestRead = 0;
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const sent = performance.now();
      await fetch(`${base}/api/categories`).then((r) => r.arrayBuffer());
      slowestRead = Math.max(slowestRead, performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/export/${options.type}?format=${format}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  const rows = Number(response.headers.get("x-export-rows"));
  let firstByteMs = null;
  let bytes = 0;
  const kept = options.check && format === "xlsx" ? [] : null;
  for await (const chunk of response.body) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.byteLength;
    kept?.push(chunk);
  }
  const wallMs = performance.now() - started;
  probing = false;
  await prober;
  clearInterval(sampler);
  console.log(`${format.padEnd(5)} ${rows.toLocaleString("en-US")} ${options.type}`);
  console.log(`  wall time          ${(wallMs / 1000).toFixed(2)} s (first byte after ${firstByteMs?.toFixed(0)} ms)`);
  console.log(`  file               ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`  server RSS         ${mb(peakDuring)} sampled peak during the export`);
  console.log(`  slowest read       ${(slowestRead / 1000).toFixed(3)} s (/api/categories, meanwhile)`);
  if (kept) {
    const book = XLSX.read(Buffer.concat(kept), { type: "buffer", dense: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const read = XLSX.utils.decode_range(sheet["!ref"]).e.r;
    console.log(`  check              SheetJS reads ${read.toLocaleString("en-US")} rows below the header`);
    if (read !== rows) throw new Error(`the file holds ${read} rows, the header said ${rows}`);
  }
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error("build the server first: cd apps/server && node build.mjs");
  const dataset = ensureDataset(Number(options.scale));
  const work = mkdtempSync(join(tmpdir(), "forum-export-bench-"));
  const databasePath = join(work, "forum.db");
  copyFileSync(dataset.db, databasePath, constants.COPYFILE_FICLONE);
  try {
    // Once to apply the migrations the data set lacks, then the measured start.
    await stopServer((await startServer(databasePath, work)).child);
    const { child, base } = await startServer(databasePath, work);
    try {
      const login = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
      const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
      const idle = memoryOf(child.pid);
      console.log(
        `scale ${options.scale}; server RSS ${mb(idle.currentMB)} idle after sign-in (VmHWM ${mb(idle.peakMB)})`,
      );
      for (const format of options.format.split(",")) await exportOnce(base, child.pid, cookie, format);
      console.log(`server peak RSS      ${mb(memoryOf(child.pid).peakMB)} (VmHWM, whole process life)`);
    } finally {
      await stopServer(child);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
