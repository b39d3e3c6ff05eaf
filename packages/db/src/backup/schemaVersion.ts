// A database's schema version: the migrations applied to it (kysely_migration). Migrations are
// written on parallel branches with numbers reserved in advance (migrate.ts), so the version is
// the set, named by its highest number; a backup is "newer" than this code when it holds a
// migration this code does not know.
import { sql } from "kysely";
import type { ForumDb } from "../handle";
import { knownMigrationNames } from "../migrate";

export type SchemaVersion = {
  /** "0030": the highest migration applied. */
  latest: string;
  /** Every migration applied, by name. */
  migrations: string[];
};

export async function schemaVersionOf(db: ForumDb): Promise<SchemaVersion> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const migrations = rows.rows.map((row) => row.name);
  return { latest: migrations.at(-1)?.slice(0, 4) ?? "0000", migrations };
}

/** The migrations of `version` this code does not know (a backup from a newer forum). */
export function unknownMigrations(version: SchemaVersion): string[] {
  const known = new Set(knownMigrationNames());
  return version.migrations.filter((name) => !known.has(name));
}

/** The forum's size, as a backup's manifest and a restore report it. */
export async function forumCounts(db: ForumDb): Promise<{ members: number; posts: number; replies: number }> {
  const count = async (table: "users" | "posts" | "replies") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { members: await count("users"), posts: await count("posts"), replies: await count("replies") };
}
