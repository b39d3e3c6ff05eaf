// Start-up: migrations, the demo seed of an empty database, the admin from the environment, and
// the line that says where the forum is.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { verifyPassword } from "@forum/api";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config";
import { prepareDatabase } from "../src/start";

const quiet = { info: () => undefined };
const handles: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const handle of handles.splice(0)) await handle.close();
});

function configFor(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "forum-start-"));
  return loadConfig({ DATABASE_PATH: join(dir, "forum.db"), ...env }, dir);
}

async function open(config: ReturnType<typeof configFor>) {
  const handle = await prepareDatabase(config, quiet);
  handles.push(handle);
  return handle;
}

describe("start-up", () => {
  it("seeds an empty database and prints a random admin password once", async () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    const config = configFor({});
    const first = await open(config);
    const output = printed.join("\n");
    const password = /password: (\S+)/.exec(output)?.[1] as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const admin = await first.db
      .selectFrom("users")
      .selectAll()
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe("admin");
    expect(await verifyPassword(admin.passwordHash, password)).toBe(true);
    await first.close();
    handles.pop();

    // A second start neither seeds again nor prints a password.
    printed.length = 0;
    const second = await open(config);
    expect(printed.join("\n")).not.toMatch(/password:/);
    const posts = await second.db
      .selectFrom("posts")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(posts.n)).toBeGreaterThanOrEqual(40);
  });

  it("creates the admin named by the environment and skips the seed with FORUM_SEED=none", async () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    const config = configFor({
      FORUM_ADMIN_USERNAME: "chief",
      FORUM_ADMIN_PASSWORD: "chief-password-1",
      FORUM_SEED: "none",
    });
    const handle = await open(config);
    const users = await handle.db.selectFrom("users").selectAll().execute();
    expect(users.map((u) => [u.username, u.role])).toEqual([["chief", "admin"]]);
    expect(await verifyPassword(users[0]?.passwordHash as string, "chief-password-1")).toBe(true);
    expect(await handle.db.selectFrom("posts").select("id").execute()).toHaveLength(0);
    // Nothing to print: the password is the one the environment gave.
    expect(printed.join("\n")).not.toMatch(/password/i);
  });

  it("prints no password when the environment names the admin, even for a seeded database", async () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    await open(configFor({ FORUM_ADMIN_USERNAME: "chief", FORUM_ADMIN_PASSWORD: "chief-password-1" }));
    expect(printed.join("\n")).not.toMatch(/password/i);
  });

  it("sets the password and role of an existing account named by the environment", async () => {
    const config = configFor({ FORUM_ADMIN_USERNAME: "ada_l", FORUM_ADMIN_PASSWORD: "new-admin-password" });
    const handle = await open(config);
    const ada = await handle.db
      .selectFrom("users")
      .selectAll()
      .where("username", "=", "ada_l")
      .executeTakeFirstOrThrow();
    expect(ada.role).toBe("admin");
    expect(await verifyPassword(ada.passwordHash, "new-admin-password")).toBe(true);
    // With an admin from the environment, the seed creates no "admin" account of its own.
    const seededAdmin = await handle.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "admin")
      .executeTakeFirst();
    expect(seededAdmin).toBeUndefined();
  });
});

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** GET `path` from the server at `url`, naming `host` in the Host header: the status. */
function statusOf(url: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const sent = request(target, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("the running server", () => {
  it("says where it listens (HOST), answers there, and refuses a host it was not given", async () => {
    const dir = mkdtempSync(join(tmpdir(), "forum-start-"));
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOST: "127.0.0.1",
        PORT: "0",
        DATABASE_PATH: join(dir, "forum.db"),
        FORUM_UPLOADS_DIR: join(dir, "uploads"),
        FORUM_SEED: "none",
        FORUM_SEARCH_THREADS: "0",
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const ready = /Forum ready at (\S+)/.exec(output);
          if (ready) resolve(ready[1] as string);
        });
        child.once("exit", (code) => reject(new Error(`the server stopped (${code}): ${output}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const port = new URL(url).port;
      expect(await statusOf(url, "/api/health", `127.0.0.1:${port}`)).toBe(200);
      expect(await statusOf(url, "/api/health", `localhost:${port}`)).toBe(200);
      expect(await statusOf(url, "/api/health", "evil.example")).toBe(400);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});
