// Statements prepared once per connection (packages/db/src/namedStatements.ts). When another
// instance's migration changes a table's columns, a prepared `select *` of it fails once on
// each connection that had it (PostgreSQL refuses a result of another shape) and is prepared
// again on its next run: a connection never stays broken until the server restarts.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startForum, type TestForum } from "../harness";

let forum: TestForum;

beforeAll(async () => {
  forum = await startForum();
  await sql`create table named_statements_check (id integer primary key)`.execute(forum.db);
  await sql`insert into named_statements_check values (1)`.execute(forum.db);
});
afterAll(() => forum.close());

describe("a prepared statement whose table changed", () => {
  it("fails once on its connection, then runs prepared again with the new columns", async () => {
    const rows = await forum.db.connection().execute(async (connection) => {
      // biome-ignore lint/suspicious/noExplicitAny: a table of this test's own, outside the schema
      const loose = connection as any;
      const selectAll = () => loose.selectFrom("named_statements_check").selectAll().execute();
      expect(await selectAll()).toEqual([{ id: 1 }]);
      await sql`alter table named_statements_check add column label text default 'added'`.execute(connection);
      await expect(selectAll()).rejects.toThrow(/cached plan must not change result type/);
      return selectAll();
    });
    expect(rows).toEqual([{ id: 1, label: "added" }]);
  });
});
