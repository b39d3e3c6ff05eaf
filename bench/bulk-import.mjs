// Bulk-import benchmark: 100,000 posts in one .xlsx, uploaded to the built server (apps/server/
// dist/main.cjs) on a fresh demo database. Prints the upload's wall time and the server's peak
// memory. Run: (cd apps/server && node build.mjs) && node bench/bulk-import.mjs [rows]
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as XLSX from "@e965/xlsx";
import { freePort, memoryOf, startNodeServer, stopServer } from "./lib/processes.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = join(root, "apps", "server", "dist", "main.cjs");
const ROWS = Number(process.argv[2] ?? 100_000);
const ADMIN = { username: "bench-admin", password: "bench-password-1" };

/** Demo categories 1..7 and members 1..10 exist after the demo seed. */
function postsWorkbook(rows) {
  const data = [["title", "content", "excerpt", "categoryId", "authorId", "featured"]];
  for (let i = 0; i < rows; i++) {
    data.push([
      `Imported benchmark post ${i}`,
      `Body of imported post ${i}: a few words so the row looks like a short forum post.`,
      i % 4 === 0 ? `Excerpt ${i}` : null,
      1 + (i % 7),
      1 + (i % 10),
      i % 50 === 0,
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data, { dense: true }), "posts");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true });
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error(`build the server first: cd apps/server && node build.mjs`);
  let started = performance.now();
  const file = postsWorkbook(ROWS);
  const generateMs = performance.now() - started;

  const dir = mkdtempSync(join(tmpdir(), "forum-bulk-bench-"));
  const { child, base } = await startNodeServer({
    script: serverEntry,
    cwd: dir,
    port: await freePort(),
    readyPath: "/api/categories",
    env: {
      ...process.env,
      DATABASE_PATH: join(dir, "forum.db"),
      FORUM_UPLOADS_DIR: join(dir, "uploads"),
      FORUM_WEB_DIST: join(dir, "no-web"),
      FORUM_ADMIN_USERNAME: ADMIN.username,
      FORUM_ADMIN_PASSWORD: ADMIN.password,
      FORUM_SEED: "demo",
      LOG_LEVEL: "warn",
      FORUM_RATE_LIMITS: "off",
    },
  });
  try {
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
    const before = memoryOf(child.pid);

    // Sample memory every 20 ms, and the latency of a cheap read, while the import runs.
    let peakDuring = before.currentMB;
    const memorySampler = setInterval(() => {
      peakDuring = Math.max(peakDuring, memoryOf(child.pid).currentMB);
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

    const form = new FormData();
    form.append("type", "posts");
    form.append("file", new Blob([file]), "bench-posts.xlsx");
    started = performance.now();
    const response = await fetch(`${base}/api/bulk-upload`, { method: "POST", headers: { cookie }, body: form });
    const body = await response.json();
    const uploadMs = performance.now() - started;
    probing = false;
    await prober;
    clearInterval(memorySampler);
    if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);

    const stats = await (await fetch(`${base}/api/admin/stats`, { headers: { cookie } })).json();
    const after = memoryOf(child.pid);
    const mb = (value) => `${value.toFixed(0)} MB`;
    console.log(`rows                 ${ROWS.toLocaleString("en-US")} posts`);
    console.log(
      `file                 ${(file.length / 1024 / 1024).toFixed(2)} MB .xlsx (generated in ${(generateMs / 1000).toFixed(1)} s)`,
    );
    console.log(`upload + import      ${(uploadMs / 1000).toFixed(2)} s wall time, ${body.data.length} items answered`);
    console.log(`posts in database    ${stats.totalPosts}`);
    console.log(
      `server RSS           ${mb(before.currentMB)} before, ${mb(peakDuring)} sampled peak during the upload`,
    );
    console.log(`server peak RSS      ${mb(after.peakMB)} (VmHWM, whole process life)`);
    console.log(`slowest /api/categories read during the import: ${(slowestRead / 1000).toFixed(2)} s`);
  } finally {
    await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
