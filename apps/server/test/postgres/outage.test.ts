// The database goes away while requests run, then comes back: requests answer 503 with a JSON
// message meanwhile (never a crash, a 500 or a hang), the instance recovers by itself, and every
// write it acknowledged is in the database. This file owns its PostgreSQL server, so stopping it
// disturbs no other test.
import { createPostgresDb, migrateToLatest } from "@forum/db";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@forum/db/embedded-postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp, type ForumApp } from "../../src/app";
import { client, insertCategory, insertUser } from "../harness";

let server: EmbeddedPostgres;
let app: ForumApp;

beforeAll(async () => {
  server = await startEmbeddedPostgres();
  const database = createPostgresDb({ url: server.url, poolSize: 4 });
  await migrateToLatest(database.db);
  app = await buildApp({
    database,
    logLevel: "silent",
    secureCookies: false,
    trustProxy: false,
    // As in the other suites (harness.ts): many writes from one address, limits off.
    rateLimits: false,
    webDistDir: "/nonexistent",
    uploadsDir: `${process.env.TMPDIR ?? "/tmp"}/forum-outage-uploads`,
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("answers 503 while the database is down, recovers when it is back, and keeps every acknowledged write", async () => {
  const categoryId = await insertCategory(app.services.db, "Outage");
  const user = await insertUser(app.services.db);
  const member = client(app);
  expect((await member.post("/api/login", { username: user.username, password: user.password })).status).toBe(200);

  const acknowledged: number[] = [];
  const statuses: number[] = [];
  let slowest = 0;
  let writing = true;
  const writer = (async () => {
    for (let n = 0; writing; n++) {
      const started = Date.now();
      const answer = await member.post("/api/posts", { title: `Written during outage ${n}`, content: "x", categoryId });
      slowest = Math.max(slowest, Date.now() - started);
      statuses.push(answer.status);
      if (answer.status === 201) acknowledged.push(answer.body.id);
      else expect(answer.body.message).toEqual(expect.any(String));
      await sleep(20);
    }
  })();

  await sleep(500);
  await server.pause();
  await sleep(1_500);
  const health = await client(app).get("/api/health");
  expect(health.status).toBe(503);
  expect(health.body).toMatchObject({ database: "postgres" });
  const read = await client(app).get("/api/posts?sortBy=new");
  expect(read.status).toBe(503);
  expect(read.body.message).toMatch(/database/);

  await server.start();
  for (let waited = 0; (await client(app).get("/api/health")).status !== 200; waited += 100) {
    expect(waited).toBeLessThan(15_000);
    await sleep(100);
  }
  await sleep(1_500);
  writing = false;
  await writer;

  expect(statuses).toContain(503);
  expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
  expect(statuses.at(-1)).toBe(201);
  expect(slowest).toBeLessThan(10_000);
  const stored = await app.services.db.selectFrom("posts").select("id").where("categoryId", "=", categoryId).execute();
  const storedIds = new Set(stored.map((row) => row.id));
  expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
  // Reads are cached again once the instance hears other instances' writes again.
  expect(app.services.readCache.enabled).toBe(true);
}, 60_000);
