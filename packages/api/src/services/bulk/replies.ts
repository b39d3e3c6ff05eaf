// Imports replies: posts and authors must exist; each post's replyCount grows by its new replies.
import type { ImportedReply } from "@forum/contracts";
import { type ForumDb, inTransaction } from "@forum/db";
import { inBatches } from "./batches";
import { addToCounter } from "./counters";
import { checkReferences } from "./lookups";
import type { OnImportWritten } from "./onWritten";
import type { Problems } from "./problems";
import { column, type Table } from "./table";

export async function importReplies(
  db: ForumDb,
  table: Table,
  problems: Problems,
  onWritten: OnImportWritten,
): Promise<ImportedReply[]> {
  // The checks run inside the transaction, so a post or author deleted meanwhile cannot slip through.
  return inTransaction(db, async (trx) => {
    await checkReferences(trx, table, problems, "postId", "posts");
    await checkReferences(trx, table, problems, "authorId", "users");
    problems.throwIfAny();

    const contents = column<string>(table, "content");
    const postIds = column<number>(table, "postId");
    const authorIds = column<number>(table, "authorId");
    const now = Date.now();

    const imported: ImportedReply[] = [];
    await inBatches(contents.length, async (start, end) => {
      const values = [];
      for (let i = start; i < end; i++) {
        values.push({
          postId: postIds[i] as number,
          authorId: authorIds[i] as number,
          content: contents[i] as string,
          createdAt: now,
          updatedAt: now,
        });
      }
      const rows = await trx.insertInto("replies").values(values).returning(["id", "postId"]).execute();
      for (const row of rows) imported.push(row);
    });
    await addToCounter(trx, "posts", "replyCount", postIds);
    await onWritten(trx, imported.length);
    return imported;
  });
}
