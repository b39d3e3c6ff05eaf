// Instances starting together on one empty PostgreSQL database: the migrations and the demo seed
// run once (an advisory lock), and every instance starts.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, expect, inject, it, vi } from "vitest";
import { loadConfig } from "../../src/config";
import { prepareDatabase } from "../../src/start";
import { databaseUrl } from "../engines/globalSetup";

const name = `forum_start_${randomBytes(4).toString("hex")}`;
const admin = async (query: string) => {
  const connection = new pg.Client(inject("postgresUrl"));
  await connection.connect();
  await connection.query(query);
  await connection.end();
};
afterAll(() => admin(`drop database if exists ${name} with (force)`));

it("three instances starting at once migrate and seed an empty database once", async () => {
  await admin(`create database ${name}`);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  const dir = mkdtempSync(join(tmpdir(), "forum-start-"));
  const config = loadConfig({ DATABASE_URL: databaseUrl(inject("postgresUrl"), name) }, dir);
  const quiet = { info: () => undefined };
  const handles = await Promise.all([1, 2, 3].map(() => prepareDatabase(config, quiet)));
  try {
    const [first] = handles;
    if (!first) throw new Error("no handle");
    expect(first.engine).toBe("postgres");
    const admins = await first.db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);
    const seededCategories = await first.db.selectFrom("categories").select("id").execute();
    expect(seededCategories).toHaveLength(7);
  } finally {
    for (const handle of handles) await handle.close();
  }
});
