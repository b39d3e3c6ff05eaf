// Configuration: documented defaults with nothing set, and a bad value stops the server with a
// message naming the variable and exit code 2.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listenAddresses } from "../src/allowedHosts";
import { loadConfig } from "../src/config";
import { loadServerKey } from "../src/serverKey";

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
      searchThreads: Math.min(4, Math.max(1, availableParallelism() - 1)),
      logLevel: "info",
      secureCookies: false,
      trustProxy: false,
      rateLimits: true,
      uploadsDir: "/srv/forum/data/uploads",
      publicUrl: undefined,
      seed: "demo",
      smtpUrl: undefined,
      mailFrom: { address: "forum@localhost" },
      emailNotifyDelaySeconds: 600,
      metrics: { enabled: false, allow: ["127.0.0.0/8", "::1"], token: undefined },
    });
  });

  it("writes backups beside the SQLite file by default, keeps 7, schedules none; FORUM_BACKUP_* change that", () => {
    expect(loadConfig({}, "/srv/forum")).toMatchObject({
      backupDir: "/srv/forum/data/backups",
      backupKeep: 7,
      backupEvery: null,
    });
    expect(loadConfig({ DATABASE_PATH: "/var/lib/forum/forum.db" }, "/srv").backupDir).toBe("/var/lib/forum/backups");
    expect(
      loadConfig({ FORUM_BACKUP_DIR: "backups", FORUM_BACKUP_EVERY: "24h", FORUM_BACKUP_KEEP: "3" }, "/srv"),
    ).toMatchObject({ backupDir: "/srv/backups", backupEvery: { text: "24h", ms: 86_400_000 }, backupKeep: 3 });
    expect(loadConfig({ FORUM_BACKUP_EVERY: "30m" }, "/srv").backupEvery?.ms).toBe(1_800_000);
    expect(loadConfig({ FORUM_BACKUP_EVERY: "7d" }, "/srv").backupEvery?.ms).toBe(604_800_000);
    for (const bad of ["24", "0h", "1.5h", "weekly", "30s"]) {
      expect(() => loadConfig({ FORUM_BACKUP_EVERY: bad }, "/srv")).toThrow(
        'FORUM_BACKUP_EVERY: must be a length of time of at least a minute, in minutes, hours or days ("30m", "24h", "7d")',
      );
    }
    expect(() => loadConfig({ FORUM_BACKUP_KEEP: "0" }, "/srv")).toThrow(/FORUM_BACKUP_KEEP/);
  });

  it("takes SMTP_URL and MAIL_FROM as they are, and a sender at the public address without MAIL_FROM", () => {
    const config = loadConfig(
      { SMTP_URL: "smtps://user:pass@mail.example:465", MAIL_FROM: "Tech Forum <forum@example.com>" },
      "/srv",
    );
    expect(config.smtpUrl).toBe("smtps://user:pass@mail.example:465");
    expect(config.mailFrom).toBe("Tech Forum <forum@example.com>");
    expect(loadConfig({ MAIL_FROM: "forum@example.com" }, "/srv").mailFrom).toBe("forum@example.com");
    // Without MAIL_FROM, the address alone: its name is the forum's, as the admin set it (site.test.ts).
    expect(loadConfig({ FORUM_PUBLIC_URL: "https://forum.example.com" }, "/srv").mailFrom).toEqual({
      address: "forum@forum.example.com",
    });
  });

  it("takes the forum's public address without a trailing slash", () => {
    expect(loadConfig({ FORUM_PUBLIC_URL: "https://forum.example.com/" }, "/srv").publicUrl).toBe(
      "https://forum.example.com",
    );
    expect(loadConfig({ FORUM_PUBLIC_URL: "http://localhost:3000" }, "/srv").publicUrl).toBe("http://localhost:3000");
  });

  it("answers this machine's own host names by default: localhost, its loopback addresses, where it listens", () => {
    expect(loadConfig({ HOST: "10.1.2.3" }, "/srv").allowedHosts).toEqual([
      "localhost",
      "127.0.0.1",
      "[::1]",
      "10.1.2.3",
    ]);
    expect(loadConfig({ HOST: "::1" }, "/srv").allowedHosts).toEqual(["localhost", "127.0.0.1", "[::1]"]);
    // Listening on every interface (the default HOST): every address of this machine.
    expect(loadConfig({}, "/srv").allowedHosts).toEqual(
      expect.arrayContaining(["localhost", "127.0.0.1", "[::1]", ...listenAddresses("0.0.0.0")]),
    );
    const interfaces = {
      lo: [{ address: "127.0.0.1" }, { address: "::1" }],
      eth0: [{ address: "192.168.1.20" }, { address: "fe80::1" }],
    } as unknown as Parameters<typeof listenAddresses>[1];
    expect(listenAddresses("0.0.0.0", interfaces)).toEqual(["127.0.0.1", "[::1]", "192.168.1.20", "[fe80::1]"]);
    expect(listenAddresses("::", interfaces)).toHaveLength(4);
  });

  it("takes FORUM_ALLOWED_HOSTS instead, with the public address's host; none to check with a public address alone", () => {
    expect(
      loadConfig({ FORUM_ALLOWED_HOSTS: " Forum.Example.com, 10.0.0.5,::1,[2001:db8::1]" }, "/srv").allowedHosts,
    ).toEqual(["forum.example.com", "10.0.0.5", "[::1]", "[2001:db8::1]"]);
    expect(
      loadConfig({ FORUM_ALLOWED_HOSTS: "10.0.0.5", FORUM_PUBLIC_URL: "https://Forum.Example.com" }, "/srv")
        .allowedHosts,
    ).toEqual(["10.0.0.5", "forum.example.com"]);
    expect(loadConfig({ FORUM_PUBLIC_URL: "https://forum.example.com" }, "/srv").allowedHosts).toBeUndefined();
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
    ["FORUM_RATE_LIMITS", "false"],
    ["FORUM_TRUST_PROXY", "yes"],
    ["FORUM_TRUST_PROXY", "10.0.0.300"],
    ["FORUM_TRUST_PROXY", "10.0.0.0/33"],
    ["FORUM_SEED", "lots"],
    ["FORUM_PUBLIC_URL", "forum.example.com"],
    ["FORUM_PUBLIC_URL", "ftp://forum.example.com"],
    ["FORUM_PUBLIC_URL", "https://example.com/forum"],
    ["FORUM_ALLOWED_HOSTS", "forum.example.com:3000"],
    ["FORUM_ALLOWED_HOSTS", "https://forum.example.com"],
    ["FORUM_ALLOWED_HOSTS", "forum.example.com/forum"],
    ["FORUM_ALLOWED_HOSTS", "forum example"],
    ["FORUM_ALLOWED_HOSTS", "forum.example.com,,10.0.0.5"],
    ["FORUM_ALLOWED_HOSTS", "*"],
    ["LOG_LEVEL", "chatty"],
    ["SMTP_URL", "mail.example:465"],
    ["SMTP_URL", "https://mail.example"],
    ["SMTP_URL", "smtp://"],
    ["MAIL_FROM", "Tech Forum"],
    ["MAIL_FROM", "Tech Forum <forum>"],
    ["FORUM_EMAIL_NOTIFY_DELAY_SECONDS", "-1"],
    ["FORUM_METRICS", "yes"],
    ["FORUM_METRICS_ALLOW", "prometheus"],
    ["FORUM_METRICS_ALLOW", "10.0.0.0/40"],
    ["FORUM_METRICS_TOKEN", "short"],
    ["FORUM_METRICS_TOKEN", "has a space in the middle"],
  ])("refuses %s=%s, naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value }, "/srv")).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it("turns the limits off only with FORUM_RATE_LIMITS=off", () => {
    expect(loadConfig({ FORUM_RATE_LIMITS: "on" }, "/srv").rateLimits).toBe(true);
    expect(loadConfig({ FORUM_RATE_LIMITS: "off" }, "/srv").rateLimits).toBe(false);
  });

  it("trusts the one proxy in front with FORUM_TRUST_PROXY=true, or the proxies it lists", () => {
    expect(loadConfig({ FORUM_TRUST_PROXY: "true" }, "/srv").trustProxy).toBe(true);
    expect(loadConfig({ FORUM_TRUST_PROXY: "false" }, "/srv").trustProxy).toBe(false);
    const listed = "10.0.0.2, 10.1.0.0/16, ::1";
    expect(loadConfig({ FORUM_TRUST_PROXY: listed }, "/srv").trustProxy).toBe(listed);
  });

  it("serves /metrics only with FORUM_METRICS=true, to the addresses listed or the token's bearer", () => {
    const config = loadConfig(
      {
        FORUM_METRICS: "true",
        FORUM_METRICS_ALLOW: "10.0.0.7, 172.16.0.0/12,::1",
        FORUM_METRICS_TOKEN: "0123456789abcdef0123",
      },
      "/srv",
    );
    expect(config.metrics).toEqual({
      enabled: true,
      allow: ["10.0.0.7", "172.16.0.0/12", "::1"],
      token: "0123456789abcdef0123",
    });
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

  it("stops the server with exit code 2 on a bad SMTP_URL, without printing its password", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, SMTP_URL: "imap://user:hunter2@mail.example", DATABASE_PATH: "/nonexistent/x.db" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("SMTP_URL:");
    expect(run.stderr).not.toContain("hunter2");
  });
});

describe("the server key", () => {
  it("takes FORUM_SECRET_KEY as 64 hex digits, and refuses anything else", () => {
    const hex = "ab".repeat(32);
    expect(loadConfig({ FORUM_SECRET_KEY: hex }, "/srv/forum").secretKey).toEqual(Buffer.from(hex, "hex"));
    expect(loadConfig({}, "/srv/forum")).toMatchObject({
      secretKey: undefined,
      secretKeyPath: "/srv/forum/data/secret.key",
    });
    expect(loadConfig({ DATABASE_PATH: "/var/lib/forum/f.db" }, "/srv/forum").secretKeyPath).toBe(
      "/var/lib/forum/secret.key",
    );
    expect(() => loadConfig({ FORUM_SECRET_KEY: "not-a-key" })).toThrow(
      /FORUM_SECRET_KEY: must be 64 hexadecimal digits/,
    );
  });

  it("without the setting, generates one beside the database on first start (owner-only), then reads it", () => {
    const dir = mkdtempSync(join(tmpdir(), "forum-key-"));
    try {
      const said: string[] = [];
      const config = { secretKey: undefined, secretKeyPath: join(dir, "data", "secret.key") };
      const first = loadServerKey(config, { info: (line) => said.push(line) });
      expect(first).toHaveLength(32);
      expect(statSync(config.secretKeyPath).mode & 0o777).toBe(0o600);
      expect(said).toEqual([expect.stringContaining("generated a server key in")]);
      expect(loadServerKey(config, { info: (line) => said.push(line) })).toEqual(first);
      expect(said).toHaveLength(1);
      writeFileSync(config.secretKeyPath, "garbage");
      expect(() => loadServerKey(config, { info: () => undefined })).toThrow(/is not a server key/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
