// Start-up work before listening: migrate, seed an empty database, make sure the admin exists.
import { ensureAdmin, hashPassword } from "@forum/api";
import { createDb, type DbHandle, isDatabaseEmpty, migrateToLatest, seedDemo } from "@forum/db";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "./config";

export async function prepareDatabase(config: ServerConfig, log: Pick<FastifyBaseLogger, "info">): Promise<DbHandle> {
  const database = createDb({ path: config.databasePath });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, "migrations applied");

  const adminFromEnv = config.adminUsername && config.adminPassword;
  if (config.seed === "demo" && (await isDatabaseEmpty(database.db))) {
    const seeded = await seedDemo(database.db, { hashPassword, createAdmin: !adminFromEnv });
    log.info("demo data seeded");
    if (seeded.admin) {
      // Printed once, on the console only: the password is random and stored only as a hash.
      console.log(
        `\n  Demo admin account created\n    username: ${seeded.admin.username}\n    password: ${seeded.admin.password}\n  (shown only now; set FORUM_ADMIN_USERNAME and FORUM_ADMIN_PASSWORD to choose your own)\n`,
      );
    }
  }
  if (config.adminUsername && config.adminPassword) {
    const outcome = await ensureAdmin(database.db, config.adminUsername, config.adminPassword);
    log.info({ username: config.adminUsername, outcome }, "admin account from environment");
  }
  return database;
}
