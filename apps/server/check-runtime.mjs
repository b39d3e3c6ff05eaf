// Proves the production image's layout without Docker: assembles the same folder the Dockerfile
// copies to /app (assemble-runtime.mjs) into a temporary directory outside the checkout, so
// nothing can be found in the workspace's node_modules, then starts it as the image does
// (`node <processSettings.mjs> apps/server/dist/main.cjs` from that folder, NODE_ENV=production):
//   1. on SQLite with the defaults (data/forum.db), with the Dockerfile's own HEALTHCHECK command;
//   2. as two instances on one throw-away PostgreSQL: a post written on one is read on the other,
//      an avatar uploaded on one (sharp, a native external) is served by the other.
//
//   node apps/server/check-runtime.mjs [--keep]      (build first: npm run build)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { assembleRuntime } from "./assemble-runtime.mjs";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./processSettings.mjs";

register();
const { freePort, startEmbeddedPostgres } = await import("@forum/db/embedded-postgres");
const serverDir = dirname(fileURLToPath(import.meta.url));
const root = join(serverDir, "..", "..");
const keep = process.argv.includes("--keep");
const ADMIN = { username: "runtime_admin", password: "runtime-check-password-1" };
const failures = [];

function check(what, ok, detail = "") {
  console.log(`${ok ? "✓" : "✗"} ${what}${detail ? ` (${detail})` : ""}`);
  if (!ok) failures.push(what);
}

function sizeOf(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Starts the assembled server as the image's CMD does; resolves once /api/health answers 200. */
async function startServer(folder, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "apps/server/dist/main.cjs"], {
    cwd: folder,
    env: {
      PATH: process.env.PATH,
      ...SERVER_ENV,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) return { child, base, port, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not answer /api/health within 60 s:\n${output}`);
}

function stopServer(server) {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once("exit", resolve);
    server.child.kill("SIGTERM");
  });
}

async function json(base, path, init = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { "content-type": "application/json", ...init.headers },
  });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, headers: response.headers };
}

async function signIn(base) {
  const login = await json(base, "/api/login", { method: "POST", body: JSON.stringify(ADMIN) });
  const cookie = login.headers.getSetCookie().find((line) => line.startsWith("forum_session="));
  check("the admin from FORUM_ADMIN_* signs in (argon2 loads)", login.status === 200 && cookie, `${login.status}`);
  return cookie?.split(";")[0] ?? "";
}

/** A one-pixel PNG: enough to prove sharp (an external, native package) loads and encodes. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Sets the signed-in member's avatar on one instance; answers its URL. */
async function uploadAvatar(base, cookie) {
  const form = new FormData();
  form.append("avatar", new Blob([TINY_PNG], { type: "image/png" }), "tiny.png");
  const response = await fetch(`${base}/api/users/me/avatar`, { method: "POST", headers: { cookie }, body: form });
  const body = await response.json();
  check("POST /api/users/me/avatar answers 200 (sharp loads)", response.status === 200, `${response.status}`);
  return body.profileImageUrl;
}

async function writePost(base, cookie, title) {
  const categories = await json(base, "/api/categories");
  const created = await json(base, "/api/posts", {
    method: "POST",
    headers: { cookie },
    body: JSON.stringify({ title, content: "Written by check-runtime.mjs", categoryId: categories.body[0]?.id }),
  });
  check(`POST /api/posts "${title}" answers 201`, created.status === 201, `${created.status}`);
  return created.body;
}

/** The Dockerfile's CMD, as the array Docker runs. */
function dockerCommand() {
  const line = readFileSync(join(root, "Dockerfile"), "utf8")
    .split("\n")
    .find((text) => text.startsWith("CMD "));
  return JSON.parse(line.slice(3).trim());
}

/** The Dockerfile's HEALTHCHECK, run as it is against a server. */
function dockerHealthcheck(port) {
  const line = readFileSync(join(root, "Dockerfile"), "utf8")
    .split("\n")
    .find((text) => text.startsWith("HEALTHCHECK"));
  const command = JSON.parse(line.slice(line.indexOf("CMD") + 3).trim());
  const result = spawnSync(command[0] === "node" ? process.execPath : command[0], command.slice(1), {
    env: { PATH: process.env.PATH, PORT: String(port) },
    timeout: 10_000,
  });
  return result.status;
}

async function onSqlite(folder) {
  console.log("\nSQLite, the image's defaults (data/forum.db in the folder), demo seed:");
  const server = await startServer(folder, {
    FORUM_ADMIN_USERNAME: ADMIN.username,
    FORUM_ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const health = await json(server.base, "/api/health");
    check(
      "GET /api/health answers 200 {status: ok, database: sqlite}",
      health.status === 200 && health.body.status === "ok" && health.body.database === "sqlite",
      JSON.stringify(health.body),
    );
    check("the Dockerfile's HEALTHCHECK command exits 0", dockerHealthcheck(server.port) === 0);
    const cmd = JSON.stringify(dockerCommand());
    const started = JSON.stringify(["node", ...SERVER_NODE_FLAGS, "apps/server/dist/main.cjs"]);
    check("the Dockerfile's CMD starts the server as this check does (processSettings.mjs)", cmd === started, cmd);
    const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
    for (const [name, value] of Object.entries(SERVER_ENV)) {
      check(`the Dockerfile sets ${name}=${value} (processSettings.mjs)`, dockerfile.includes(`${name}=${value}`));
    }
    const page = await fetch(`${server.base}/`);
    const html = await page.text();
    check("GET / serves the web build", page.status === 200 && html.includes('<div id="root">'), `${page.status}`);
    const posts = await json(server.base, "/api/posts");
    check("GET /api/posts lists the demo posts", posts.status === 200 && posts.body.length > 0, `${posts.body.length}`);
    const cookie = await signIn(server.base);
    await writePost(server.base, cookie, "Written in the assembled runtime");
    check("the database file is in data/", existsSync(join(folder, "data", "forum.db")));
  } finally {
    await stopServer(server);
  }
  const stopped = dockerHealthcheck(server.port);
  check("the HEALTHCHECK command fails once the server is gone", stopped !== 0, `exit ${stopped}`);
}

async function onPostgres(folder) {
  console.log("\nPostgreSQL (a throw-away server), two instances on one database:");
  const postgres = await startEmbeddedPostgres();
  const env = {
    DATABASE_URL: postgres.url,
    FORUM_ADMIN_USERNAME: ADMIN.username,
    FORUM_ADMIN_PASSWORD: ADMIN.password,
    FORUM_TRUST_PROXY: "true",
  };
  const servers = [];
  try {
    // Started together, as `docker compose up` does: migrations and the seed run once.
    servers.push(
      ...(await Promise.all([
        startServer(folder, { ...env, FORUM_UPLOADS_DIR: join(folder, "uploads-a") }),
        startServer(folder, { ...env, FORUM_UPLOADS_DIR: join(folder, "uploads-b") }),
      ])),
    );
    const [a, b] = servers;
    for (const [name, server] of [
      ["A", a],
      ["B", b],
    ]) {
      const health = await json(server.base, "/api/health");
      check(
        `instance ${name}: GET /api/health says postgres`,
        health.body.database === "postgres",
        JSON.stringify(health.body),
      );
    }
    const seeded = await json(a.base, "/api/posts?sortBy=new&limit=50");
    const titles = seeded.body.map((post) => post.title);
    check(
      "the demo seed ran once",
      new Set(titles).size === titles.length && titles.length > 0,
      `${titles.length} posts`,
    );
    await json(b.base, "/api/posts?sortBy=new"); // B has the list in its cache now
    const cookie = await signIn(a.base);
    const post = await writePost(a.base, cookie, "Written on instance A");
    await new Promise((resolve) => setTimeout(resolve, 250));
    const onB = await json(b.base, "/api/posts?sortBy=new");
    check(
      "instance B lists the post 250 ms later",
      onB.body.some((row) => row.id === post.id),
      onB.body[0]?.title,
    );
    const page = await json(b.base, `/api/posts/${post.slug}`);
    check("instance B serves its page", page.status === 200 && page.body.title === "Written on instance A");
    const avatarUrl = await uploadAvatar(a.base, cookie);
    const avatar = await fetch(`${b.base}${avatarUrl}`);
    check(
      "instance B serves the avatar uploaded on A",
      avatar.status === 200 && avatar.headers.get("content-type") === "image/webp",
      `${avatar.status} ${avatarUrl}`,
    );
  } finally {
    for (const server of servers) await stopServer(server);
    await postgres.stop();
  }
}

const folder = mkdtempSync(join(tmpdir(), "forum-runtime-"));
try {
  console.log(`Assembling the runtime in ${folder} (production install of the bundle's externals)...`);
  assembleRuntime(folder);
  const modules = readdirSync(join(folder, "node_modules"));
  const devOnly = ["typescript", "vitest", "esbuild", "tsx", "fastify", "kysely", "@forum", "@trpc", "pg", "vite"];
  check(
    "no source, dev dependency or bundled package beside the bundle",
    devOnly.every((name) => !modules.includes(name)) &&
      !existsSync(join(folder, "apps", "server", "src")) &&
      !existsSync(join(folder, "packages")) &&
      !existsSync(join(folder, ".git")),
    `${modules.length} packages in node_modules: ${megabytes(sizeOf(join(folder, "node_modules")))}, ` +
      `server bundle ${megabytes(sizeOf(join(folder, "apps", "server", "dist")))}, ` +
      `web build ${megabytes(sizeOf(join(folder, "apps", "web", "dist")))}`,
  );
  await onSqlite(folder);
  await onPostgres(folder);
} finally {
  if (keep) console.log(`\nKept ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}
console.log(failures.length === 0 ? "\nThe runtime layout works." : `\n${failures.length} check(s) failed.`);
process.exit(failures.length === 0 ? 0 : 1);
