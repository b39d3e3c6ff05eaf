// Start-up work before listening: migrate, seed an empty database, make sure the admin exists.
// Instances starting together on one PostgreSQL take turns (an advisory lock), so the
// migrations and the seed run once.
import { ensureAdmin, hashPassword } from "@forum/api";
import {
  type DbHandle,
  type ForumDb,
  isDatabaseEmpty,
  migrateToLatest,
  openDatabase,
  type QueryObserver,
  seedDemo,
} from "@forum/db";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "./config";

export async function prepareDatabase(
  config: ServerConfig,
  log: Pick<FastifyBaseLogger, "info">,
  onQuery?: QueryObserver,
): Promise<DbHandle> {
  const database = openDatabase({
    url: config.databaseUrl,
    path: config.databasePath,
    poolSize: config.databasePoolSize,
    onQuery,
  });
  await database.withStartupLock((db) => prepare(db, config, log));
  return database;
}

async function prepare(db: ForumDb, config: ServerConfig, log: Pick<FastifyBaseLogger, "info">): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ migrations: applied }, "migrations applied");

  const adminFromEnv = config.adminUsername && config.adminPassword;
  if (config.seed === "demo" && (await isDatabaseEmpty(db))) {
    const seeded = await seedDemo(db, { hashPassword, createAdmin: !adminFromEnv });
    log.info("demo data seeded");
    if (seeded.admin) {
      // Printed once, on the console only: the password is random and stored only as a hash.
      console.log(
        `\n  Demo admin account created\n    username: ${seeded.admin.username}\n    password: ${seeded.admin.password}\n  (shown only now; set FORUM_ADMIN_USERNAME and FORUM_ADMIN_PASSWORD to choose your own)\n`,
      );
    }
  }
  if (config.adminUsername && config.adminPassword) {
    const outcome = await ensureAdmin(db, config.adminUsername, config.adminPassword);
    log.info({ username: config.adminUsername, outcome }, "admin account from environment");
  }
}
