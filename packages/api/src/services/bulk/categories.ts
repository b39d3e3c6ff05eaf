// Imports categories: names unique (case-insensitively) in the file and against the database,
// slugs generated unique, colour defaulting like the create form's.
import { DEFAULT_CATEGORY_COLOR, type ImportedCategory, MESSAGES } from "@forum/contracts";
import { type ForumDb, inTransaction } from "@forum/db";
import { withUniqueGuard } from "../../errors";
import { uniqueSlugs } from "../slugs";
import { inBatches } from "./batches";
import { checkUniqueField } from "./lookups";
import type { OnImportWritten } from "./onWritten";
import type { Problems } from "./problems";
import { column, type Table } from "./table";

export async function importCategories(
  db: ForumDb,
  table: Table,
  problems: Problems,
  onWritten: OnImportWritten,
): Promise<ImportedCategory[]> {
  await checkUniqueField(db, table, problems, "categories", "name");
  problems.throwIfAny();
  return withUniqueGuard(
    () =>
      inTransaction(db, async (trx) => {
        const names = column<string>(table, "name");
        const descriptions = column<string | null>(table, "description");
        const colors = column<string | null>(table, "color");
        const slugs = await uniqueSlugs(trx, "categories", names);
        const now = Date.now();

        const imported: ImportedCategory[] = [];
        await inBatches(names.length, async (start, end) => {
          const values = [];
          for (let i = start; i < end; i++) {
            values.push({
              name: names[i] as string,
              slug: slugs[i] as string,
              description: descriptions[i] ?? null,
              color: colors[i] ?? DEFAULT_CATEGORY_COLOR,
              createdAt: now,
            });
          }
          const rows = await trx.insertInto("categories").values(values).returning(["id", "name", "slug"]).execute();
          for (const row of rows) imported.push(row);
        });
        await onWritten(trx, imported.length);
        return imported;
      }),
    MESSAGES.categoryNameTaken,
  );
}
