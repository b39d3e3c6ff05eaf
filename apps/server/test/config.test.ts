// Configuration: documented defaults with nothing set, and a bad value stops the server with a
// message naming the variable and exit code 2.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("configuration", () => {
  it("has the documented defaults when nothing is set", () => {
    const config = loadConfig({}, "/srv/forum");
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 3000,
      databasePath: "/srv/forum/data/forum.db",
      databaseUrl: undefined,
      databasePoolSize: 10,
      logLevel: "info",
      secureCookies: false,
      trustProxy: false,
      uploadsDir: "/srv/forum/data/uploads",
      seed: "demo",
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }, "/srv").port).toBe(3000);
  });

  it.each([
    ["PORT", "80a"],
    ["PORT", "70000"],
    ["DATABASE_POOL_SIZE", "0"],
    ["DATABASE_URL", "mysql://localhost/forum"],
    ["FORUM_SECURE_COOKIES", "yes"],
    ["FORUM_SEED", "lots"],
    ["LOG_LEVEL", "chatty"],
  ])("refuses %s=%s, naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value }, "/srv")).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it("stops the server with exit code 2 and the message, before opening anything", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, PORT: "not-a-port", DATABASE_PATH: "/nonexistent/dir/forum.db" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("PORT:");
    expect(run.stderr).not.toContain("    at ");
  });
});
