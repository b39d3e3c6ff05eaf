// PostgreSQL tells the other instances what was written through triggers (migration 0018), which
// name the data kind of each table and of its counter columns. Those triggers, as the migrated
// database has them, must say what TABLE_KINDS says (packages/db/src/dataKinds.ts): the map the
// mutations' meta.writes are checked against (test/write-kinds.test.ts). A table or a counter
// column added to one and not the other fails here.
import { notifiedTableKinds, type TableKinds } from "@forum/db";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../engines/testDatabase";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The kinds the migrated database's triggers notify, per table, in TABLE_KINDS' shape. */
async function triggerKinds(): Promise<Record<string, TableKinds>> {
  const handle = database.open();
  try {
    const { rows } = await sql<{ table: string; name: string; args: string }>`
      select c.relname as "table", t.tgname as "name", encode(t.tgargs, 'escape') as "args"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and (t.tgname like '%\_notify\_kind' or t.tgname like '%\_notify\_update')
      order by c.relname, t.tgname`.execute(handle.db);
    const kinds: Record<string, { kind: string; counters?: Record<string, string[]> }> = {};
    for (const { table, name, args } of rows) {
      const [kind = "", ...groups] = args.split("\\000").filter((arg) => arg !== "");
      const entry = kinds[table] ?? { kind };
      kinds[table] = entry;
      expect(entry.kind, `${name}: the table's kind`).toBe(kind);
      if (!name.endsWith("_notify_update")) continue;
      entry.counters = Object.fromEntries(
        groups.map((group) => {
          const [counterKind = "", columns = ""] = group.split(":");
          return [counterKind, columns.split(",")];
        }),
      );
    }
    return kinds as Record<string, TableKinds>;
  } finally {
    await handle.close();
  }
}

it("the write notifications name the kinds TABLE_KINDS gives each table and counter column", async () => {
  expect(await triggerKinds()).toEqual(notifiedTableKinds());
});
