import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import { engineOf } from "./engine";
import type { ForumDb } from "./handle";
import * as m0001 from "./migrations/0001_initial";
import * as m0002 from "./migrations/0002_votes_created_index";
import * as m0003 from "./migrations/0003_replies_created_index";
import * as m0004 from "./migrations/0004_covering_indexes";
import * as m0005 from "./migrations/0005_votes_by_user";
import * as m0006 from "./migrations/0006_write_notifications";
import * as m0007 from "./migrations/0007_throttles";
import * as m0008 from "./migrations/0008_category_names_unique";
import * as m0009 from "./migrations/0009_search";
import * as m0010 from "./migrations/0010_notifications";
import * as m0011 from "./migrations/0011_moderation";
import * as m0012 from "./migrations/0012_reports";
import * as m0014 from "./migrations/0014_avatars";
import * as m0015 from "./migrations/0015_search_speed";
import * as m0017 from "./migrations/0017_sitemap_index";
import * as m0018 from "./migrations/0018_write_notification_kinds";
import * as m0019 from "./migrations/0019_search_names";
import * as m0020 from "./migrations/0020_mail";
import * as m0021 from "./migrations/0021_mail_jobs";
import * as m0022 from "./migrations/0022_forum_settings";
import * as m0023 from "./migrations/0023_api_tokens";
import * as m0024 from "./migrations/0024_mail_attempt_times";
import * as m0025 from "./migrations/0025_webhooks";
import * as m0026 from "./migrations/0026_session_details";
import * as m0027 from "./migrations/0027_two_step";
import * as m0028 from "./migrations/0028_account_deletion";
import * as m0029 from "./migrations/0029_data_exports";
import * as m0030 from "./migrations/0030_read_states";
import * as m0031 from "./migrations/0031_staff_log";
import * as m0032 from "./migrations/0032_site_settings";
import * as m0033 from "./migrations/0033_vote_functions";

// Listed here rather than read from a folder, so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_votes_created_index": m0002,
  "0003_replies_created_index": m0003,
  "0004_covering_indexes": m0004,
  "0005_votes_by_user": m0005,
  "0006_write_notifications": m0006,
  "0007_throttles": m0007,
  "0008_category_names_unique": m0008,
  "0009_search": m0009,
  "0010_notifications": m0010,
  "0011_moderation": m0011,
  "0012_reports": m0012,
  "0014_avatars": m0014,
  "0015_search_speed": m0015,
  "0017_sitemap_index": m0017,
  "0018_write_notification_kinds": m0018,
  "0019_search_names": m0019,
  "0020_mail": m0020,
  "0021_mail_jobs": m0021,
  "0022_forum_settings": m0022,
  "0023_api_tokens": m0023,
  "0024_mail_attempt_times": m0024,
  "0025_webhooks": m0025,
  "0026_session_details": m0026,
  "0027_two_step": m0027,
  "0028_account_deletion": m0028,
  "0029_data_exports": m0029,
  "0030_read_states": m0030,
  "0031_staff_log": m0031,
  "0032_site_settings": m0032,
  "0033_vote_functions": m0033,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: ForumDb): Promise<string[]> {
  // Migrations are written on parallel branches with numbers reserved in advance, so a database
  // may have run 0018 before 0011 lands; each one touches its own tables, so order is not needed.
  if (engineOf(db) === "postgres") {
    // One connection without the pool's 30 s statement timeout (postgres.ts): a migration that
    // rebuilds an index over a large forum (0019 over a million replies) takes minutes.
    return db.connection().execute(async (connection) => {
      await sql`set statement_timeout = 0`.execute(connection);
      try {
        return await runMigrations(connection);
      } finally {
        await sql`reset statement_timeout`.execute(connection);
      }
    });
  }
  return runMigrations(db);
}

async function runMigrations(db: ForumDb): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/** Every migration this code carries, by name. */
export function knownMigrationNames(): string[] {
  return Object.keys(migrations).sort();
}
