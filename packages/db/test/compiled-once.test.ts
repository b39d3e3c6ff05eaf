// compiledOnce: the builder runs once, each call runs the kept SQL with its own values.
import { describe, expect, it } from "vitest";
import { compiledOnce, createDb, migrateToLatest } from "../src/index";

describe("compiledOnce", () => {
  it("builds the statement once and runs it with each call's values", async () => {
    const statements: string[] = [];
    const handle = createDb({ path: ":memory:", onNewStatement: (sql) => statements.push(sql) });
    await migrateToLatest(handle.db);
    let built = 0;
    const insert = compiledOnce(["name", "slug"], (db, a: { name: string; slug: string }) => {
      built++;
      return db
        .insertInto("categories")
        .values({ name: a.name, slug: a.slug, description: null, color: "#3b82f6", createdAt: 7 })
        .returning(["name", "slug", "createdAt"]);
    });
    const first = await handle.db.executeQuery(insert(handle.db, { name: "One", slug: "one" }));
    const second = await handle.db.executeQuery(insert(handle.db, { name: "Two", slug: "two" }));
    expect([...first.rows, ...second.rows]).toEqual([
      { name: "One", slug: "one", createdAt: 7 },
      { name: "Two", slug: "two", createdAt: 7 },
    ]);
    expect(built).toBe(1);
    expect(statements.filter((sql) => sql.startsWith('insert into "categories"'))).toHaveLength(1);
    await handle.close();
  });

  it("refuses a statement that leaves one of its values out", () => {
    const handle = createDb({ path: ":memory:" });
    const broken = compiledOnce(["id", "name"], (db, a: { id: number; name: string }) =>
      db.selectFrom("categories").select("name").where("id", "=", a.id),
    );
    expect(() => broken(handle.db, { id: 1, name: "x" })).toThrow("name never used as a value");
  });
});
