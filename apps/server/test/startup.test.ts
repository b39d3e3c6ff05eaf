// Start-up: migrations, the demo seed of an empty database, and the admin from the environment.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
