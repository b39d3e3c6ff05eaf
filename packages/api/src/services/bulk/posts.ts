// Imports posts: categories and authors must exist; slugs are generated unique; each category's
// postCount grows by its new posts; hotScore is that of a new post with no votes.
import type { ImportedPost } from "@forum/contracts";
import { type ForumDb, hotScore, inTransaction } from "@forum/db";
import { uniqueSlugs } from "../slugs";
import { inBatches } from "./batches";
import { addToCounter } from "./counters";
import { checkReferences } from "./lookups";
import type { OnImportWritten } from "./onWritten";
import type { Problems } from "./problems";
import { column, type Table } from "./table";

export async function importPosts(
  db: ForumDb,
  table: Table,
  problems: Problems,
  onWritten: OnImportWritten,
): Promise<ImportedPost[]> {
  // The checks run inside the transaction, so a category or author deleted meanwhile cannot slip through.
  return inTransaction(db, async (trx) => {
    await checkReferences(trx, table, problems, "categoryId", "categories");
    await checkReferences(trx, table, problems, "authorId", "users");
    problems.throwIfAny();

    const titles = column<string>(table, "title");
    const contents = column<string>(table, "content");
    const excerpts = column<string | null>(table, "excerpt");
    const categoryIds = column<number>(table, "categoryId");
    const authorIds = column<number>(table, "authorId");
    const featured = column<boolean | null>(table, "featured");
    const slugs = await uniqueSlugs(trx, "posts", titles);
    const now = Date.now();
    const score = hotScore(0, 0, now);

    const imported: ImportedPost[] = [];
    await inBatches(titles.length, async (start, end) => {
      const values = [];
      for (let i = start; i < end; i++) {
        values.push({
          slug: slugs[i] as string,
          title: titles[i] as string,
          content: contents[i] as string,
          excerpt: excerpts[i] ?? null,
          categoryId: categoryIds[i] as number,
          authorId: authorIds[i] as number,
          featured: featured[i] ? 1 : 0,
          hotScore: score,
          createdAt: now,
          updatedAt: now,
        });
      }
      const rows = await trx.insertInto("posts").values(values).returning(["id", "slug", "title"]).execute();
      for (const row of rows) imported.push(row);
    });
    await addToCounter(trx, "categories", "postCount", categoryIds);
    await onWritten(trx, imported.length);
    return imported;
  });
}
