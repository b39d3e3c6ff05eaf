// Imports members: usernames and emails unique (case-insensitively) in the file and against the
// database; passwords hashed exactly like registration's, a few at a time, before the write
// transaction opens so the database is not held while argon2 runs.
import { availableParallelism } from "node:os";
import { type ImportedUser, MESSAGES, type Role } from "@forum/contracts";
import { type ForumDb, inTransaction } from "@forum/db";
import { hashPassword, NO_PASSWORD_HASH } from "../../auth/password";
import { withUniqueGuard } from "../../errors";
import { inBatches } from "./batches";
import { checkUniqueField } from "./lookups";
import type { OnImportWritten } from "./onWritten";
import { mapConcurrent } from "./pool";
import type { Problems } from "./problems";
import { column, type Table } from "./table";

/** Hashes in flight: one per core, at most 4 (each argon2id hash holds 19 MiB). */
const HASH_CONCURRENCY = Math.min(4, Math.max(1, availableParallelism()));

export async function importUsers(
  db: ForumDb,
  table: Table,
  problems: Problems,
  onWritten: OnImportWritten,
): Promise<ImportedUser[]> {
  await checkUniqueField(db, table, problems, "users", "username");
  await checkUniqueField(db, table, problems, "users", "email");
  problems.throwIfAny();

  const usernames = column<string>(table, "username");
  const emails = column<string>(table, "email");
  const firstNames = column<string | null>(table, "first_name");
  const lastNames = column<string | null>(table, "last_name");
  const roles = column<Role | null>(table, "role");
  // A blank password (password_exported false) gets a hash no password matches.
  const hashes = await mapConcurrent(column<string | null>(table, "password"), HASH_CONCURRENCY, (password) =>
    password === null ? Promise.resolve(NO_PASSWORD_HASH) : hashPassword(password),
  );
  const now = Date.now();

  // An account registered while the passwords were hashing hits the unique index: 409, nothing written.
  return withUniqueGuard(
    () =>
      inTransaction(db, async (trx) => {
        const imported: ImportedUser[] = [];
        await inBatches(usernames.length, async (start, end) => {
          const values = [];
          for (let i = start; i < end; i++) {
            values.push({
              username: usernames[i] as string,
              email: emails[i] as string,
              passwordHash: hashes[i] as string,
              firstName: firstNames[i] ?? null,
              lastName: lastNames[i] ?? null,
              bio: null,
              website: null,
              location: null,
              role: roles[i] ?? "user",
              profileImageUrl: null,
              preferences: null,
              createdAt: now,
              // Imported by an admin: the addresses count as confirmed (issue 28).
              emailConfirmedAt: now,
            });
          }
          const rows = await trx.insertInto("users").values(values).returning(["id", "username"]).execute();
          for (const row of rows) imported.push(row);
        });
        await onWritten(trx, imported.length);
        return imported;
      }),
    MESSAGES.accountTaken,
  );
}
