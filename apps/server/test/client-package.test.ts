// The typed client as a user outside the monorepo gets it: packed with pnpm, installed from the
// tarball into an empty folder with its peer dependencies and TypeScript from the npm registry,
// its README examples type-checked there under strict settings and run with plain node against a
// live server. Also: the README lists every procedure of the router.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { procedureDefinition, procedureNames } from "../src/plugins/procedures";
import { restRoutes } from "../src/rest/routes";
import { client, insertCategory, insertPost, insertUser, startForum, type TestForum } from "./harness";

const repository = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const packageDir = join(repository, "packages/client");
const readmePath = join(packageDir, "README.md");

/**
 * The versions the repository uses, so the check matches what the monorepo builds with: the
 * manifest's, or for "catalog:" the one in pnpm-workspace.yaml's catalog.
 */
function devVersion(name: string): string | undefined {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  const version = manifest.devDependencies[name];
  if (version !== "catalog:") return version;
  const workspace = readFileSync(join(repository, "pnpm-workspace.yaml"), "utf8");
  const entry = new RegExp(`^ {2}"?${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}"?: (\\S+)$`, "m");
  return workspace.match(entry)?.[1];
}

/** Runs a command without blocking this process, whose event loop serves the live forum. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ status: number | null; output: string }>((done) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env, npm_config_update_notifier: "false" },
      timeout: 240_000,
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (status) => done({ status, output }));
  });
}

async function expectSuccess(running: Promise<{ status: number | null; output: string }>) {
  const result = await running;
  if (result.status !== 0) throw new Error(`exit ${result.status}:\n${result.output}`);
  return result.output;
}

/** The ```ts blocks of the README, in order. */
function readmeExamples(): string[] {
  return [...readFileSync(readmePath, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
}

// The procedure table: generated from the router, the procedures' meta and the REST route table.
const TABLE_START = "<!-- procedures -->";
const TABLE_END = "<!-- /procedures -->";
const HEADER = ["Procedure", "Kind", "What it does", "REST"];

function expectedRows(): string[][] {
  return procedureNames().map((name) => {
    const paths = restRoutes.filter((route) => route.procedure === name).map((r) => `\`${r.method} ${r.url}\``);
    return [
      `\`${name}\``,
      procedureDefinition(name).type,
      procedureDefinition(name).meta?.summary ?? "",
      paths.join(", ") || "—",
    ];
  });
}

function readmeRows(): string[][] {
  const readme = readFileSync(readmePath, "utf8");
  const table = readme.slice(readme.indexOf(TABLE_START) + TABLE_START.length, readme.indexOf(TABLE_END));
  return table
    .split("\n")
    .filter((line) => line.trim().startsWith("|"))
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
}

function writeTable(): void {
  const readme = readFileSync(readmePath, "utf8");
  const lines = [HEADER, HEADER.map(() => "---"), ...expectedRows()].map((cells) => `| ${cells.join(" | ")} |`);
  const before = readme.slice(0, readme.indexOf(TABLE_START) + TABLE_START.length);
  const after = readme.slice(readme.indexOf(TABLE_END));
  writeFileSync(readmePath, `${before}\n\n${lines.join("\n")}\n\n${after}`);
}

describe("the client's README", () => {
  it("lists every procedure of the router, with its kind, summary and REST paths", () => {
    if (process.env.UPDATE_CLIENT_README === "1") writeTable();
    expect(readmeRows()).toEqual([HEADER, ...expectedRows()]);
  });
});

describe("the packed client, installed outside the monorepo", () => {
  let forum: TestForum;
  let baseUrl: string;
  let project: string;
  let tarball: string;
  const member = { username: "packed_reader", password: "packed-password-1" };

  beforeAll(async () => {
    // Packs what the build (turbo runs it before the tests) wrote to dist/, without rebuilding it
    // under the other suites that import it.
    if (!existsSync(join(packageDir, "dist/index.d.ts"))) {
      throw new Error("packages/client/dist is missing: build it first (npm test does)");
    }
    project = mkdtempSync(join(tmpdir(), "forum-client-user-"));
    const packs = join(project, "packs");
    mkdirSync(packs);
    await expectSuccess(
      run(
        process.execPath,
        [
          join(repository, "scripts/pnpm.mjs"),
          "-C",
          "packages/client",
          "pack",
          "--ignore-scripts",
          "--pack-destination",
          packs,
        ],
        repository,
      ),
    );
    tarball = join(packs, "forum-client-0.1.0.tgz");

    const app = join(project, "app");
    mkdirSync(app);
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({ name: "forum-client-user", private: true, type: "module" }),
    );
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          // As `tsc --init` writes it; the test checks the client's .d.ts on its own below.
          skipLibCheck: true,
          types: ["node"],
          outDir: "out",
        },
        include: ["*.ts"],
      }),
    );
    await expectSuccess(
      run(
        "npm",
        [
          "install",
          "--no-audit",
          "--no-fund",
          "--ignore-scripts",
          tarball,
          `@trpc/client@${devVersion("@trpc/client")}`,
          `@trpc/server@${devVersion("@trpc/server")}`,
          `typescript@${devVersion("typescript")}`,
          `@types/node@${devVersion("@types/node")}`,
        ],
        app,
      ),
    );

    forum = await startForum();
    await forum.app.listen({ host: "127.0.0.1", port: 0 });
    baseUrl = `http://127.0.0.1:${(forum.app.server.address() as AddressInfo).port}`;
    const author = await insertUser(forum.db, member);
    const categoryId = await insertCategory(forum.db, "Packed");
    await insertPost(forum.db, { authorId: author.id, categoryId, title: "Read through the packed client" });
  }, 300_000);

  afterAll(async () => {
    await forum?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it("is a complete package whose types import nothing of the server", () => {
    const installed = join(project, "app/node_modules/@forum/client");
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    expect(manifest).toMatchObject({
      name: "@forum/client",
      version: "0.1.0",
      type: "module",
      exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
      types: "./dist/index.d.ts",
      files: ["dist", "README.md"],
      peerDependencies: {
        "@trpc/client": expect.stringMatching(/^\^11\./),
        "@trpc/server": expect.stringMatching(/^\^11\./),
      },
    });
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies).toBeUndefined();

    const dts = readFileSync(join(installed, "dist/index.d.ts"), "utf8");
    const imported = [...dts.matchAll(/(?:from\s+|import\()"([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(imported)).toEqual(new Set(["@trpc/server", "@trpc/client"]));
    expect(dts).not.toMatch(/@forum\/(api|db|contracts)|kysely|zod/);
    // Every procedure is in it, with its answer type by name.
    for (const name of procedureNames()) expect(dts).toContain(`${name.split(".")[1]}: TRPC`);
    expect(dts).toContain("output: PostView[];");
    const js = readFileSync(join(installed, "dist/index.js"), "utf8");
    expect(js).not.toMatch(/@forum\//);
  });

  it("type-checks the README's examples under strict settings, and refuses a wrong call", async () => {
    const app = join(project, "app");
    const examples = readmeExamples();
    expect(examples.length).toBe(3);
    for (const [index, code] of examples.entries()) writeFileSync(join(app, `example${index + 1}.ts`), code);
    await expectSuccess(run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "."], app));
    // The client's .d.ts itself, which skipLibCheck skips: no error in it (tRPC's own files
    // want the optional `ws` types, which is not this package's affair).
    const libraries = await run(
      process.execPath,
      ["node_modules/typescript/bin/tsc", "-p", ".", "--noEmit", "--skipLibCheck", "false"],
      app,
    );
    const errors = libraries.output.split("\n").filter((line) => line.includes("error TS"));
    expect(errors.filter((line) => !line.startsWith("node_modules/@trpc/"))).toEqual([]);

    // The types are the router's, not `any`: a wrong sort, a missing field and a typo are errors.
    writeFileSync(
      join(app, "wrong.ts"),
      [
        'import { createForumClient } from "@forum/client";',
        'const forum = createForumClient({ url: "http://localhost:3000" });',
        'await forum.posts.list.query({ sortBy: "hottest" });',
        'await forum.posts.create.mutate({ title: "No content", categoryId: 1 });',
        "const [post] = await forum.posts.list.query({});",
        "console.log(post?.titel);",
      ].join("\n"),
    );
    const wrong = await run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", ".", "--noEmit"], app);
    rmSync(join(app, "wrong.ts"));
    expect(wrong.status).not.toBe(0);
    expect(wrong.output).toContain("wrong.ts(3,");
    expect(wrong.output).toContain('"hottest"');
    expect(wrong.output).toContain("wrong.ts(4,");
    expect(wrong.output).toContain("content");
    expect(wrong.output).toContain("wrong.ts(6,");
    expect(wrong.output).toContain("titel");
  }, 180_000); // three tsc runs, slow on a loaded machine

  it("runs the README's examples with plain node against a live server", async () => {
    const app = join(project, "app");
    const env = { FORUM_URL: baseUrl, FORUM_USERNAME: member.username, FORUM_PASSWORD: member.password };
    const read = await expectSuccess(run(process.execPath, ["out/example1.js"], app, env));
    expect(read).toContain("categories: Packed");
    expect(read).toContain('Hottest: "Read through the packed client" by packed_reader, 0 votes');

    const write = await expectSuccess(run(process.execPath, ["out/example2.js"], app, env));
    expect(write).toContain("packed_reader posted /posts/hello-from-the-typed-client (votes: 1)");
    expect(write).toContain("404: Post not found");
    const stored = await forum.db
      .selectFrom("posts")
      .select(["title", "upvotes"])
      .where("slug", "=", "hello-from-the-typed-client")
      .executeTakeFirst();
    expect(stored).toEqual({ title: "Hello from the typed client", upvotes: 1 });

    // The API token example: the member's token, made as the settings screen makes it.
    const browser = client(forum.app);
    await browser.post("/api/login", member);
    const made = await browser.post("/api/users/me/tokens", { name: "README", scope: "write", expiresInDays: "30" });
    const scripted = await expectSuccess(
      run(process.execPath, ["out/example3.js"], app, { FORUM_URL: baseUrl, FORUM_TOKEN: made.body.token }),
    );
    expect(scripted).toContain("packed_reader posted /posts/from-a-script");
  });
});
