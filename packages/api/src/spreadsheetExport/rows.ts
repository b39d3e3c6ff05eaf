// The rows of each export, in the bulk import's columns (BULK_COLUMNS), read a page at a time by
// keyset (id > the last one) so that memory stays flat however many rows there are. Only the
// rows that existed when the export began are read (id <= the largest id then): the count the
// browser's progress bar is given stays true while members keep writing.
import { BULK_COLUMNS, type BulkUploadType } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { idsOf, positionOf } from "./ids";

/** One cell: text, a number (an id) or a flag; null is a blank cell. */
export type ExportCell = string | number | boolean | null;

/** Rows per SELECT: large enough to be quick, small enough that a page is a few MB at most. */
export const EXPORT_PAGE_ROWS = 1000;

export type ExportRows = {
  header: string[];
  /** How many rows will follow the header. */
  total: number;
  rows: AsyncIterable<ExportCell[]>;
};

type Table = "users" | "categories" | "posts" | "replies";
const TABLES: Record<BulkUploadType, Table> = {
  users: "users",
  categories: "categories",
  posts: "posts",
  replies: "replies",
};

/** Pages of one table's rows, id ascending, up to `upTo`. */
async function* pages<Row extends { id: number }>(
  read: (after: number, upTo: number) => Promise<Row[]>,
  upTo: number,
): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const page = await read(after, upTo);
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE_ROWS) return;
    after = Number(page[page.length - 1]?.id);
    // SQLite answers on this thread: between two pages the event loop serves other requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function* rowsOf<Row extends { id: number }>(
  read: (after: number, upTo: number) => Promise<Row[]>,
  upTo: number,
  cells: (row: Row) => ExportCell[],
): AsyncGenerator<ExportCell[]> {
  for await (const page of pages(read, upTo)) for (const row of page) yield cells(row);
}

/** A reference as its position in the referenced file (ids.ts), blank if the row went meanwhile. */
const position = (ids: Int32Array, id: number) => positionOf(ids, Number(id)) || null;

/** The export of one kind: its header, its row count and its rows (read as they are asked for). */
export async function exportRows(db: ForumDb, type: BulkUploadType): Promise<ExportRows> {
  const table = TABLES[type];
  const bounds = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number | string>().as("total"), eb.fn.max("id").as("last")])
    .executeTakeFirstOrThrow();
  const upTo = Number(bounds.last ?? 0);
  const header = BULK_COLUMNS[type].map((column) => column.name);
  const total = Number(bounds.total);
  // The referenced ids are read after the bound: every row up to it references rows that exist now.
  const rows = await rowsFor(db, type, upTo);
  return { header, total, rows };
}

async function rowsFor(db: ForumDb, type: BulkUploadType, upTo: number): Promise<AsyncIterable<ExportCell[]>> {
  switch (type) {
    case "users":
      return rowsOf(
        (after, last) =>
          db
            .selectFrom("users")
            // Named columns, never selectAll: the password hash is not even read.
            .select(["id", "username", "email", "firstName", "lastName", "role"])
            .where("id", ">", after)
            .where("id", "<=", last)
            .orderBy("id")
            .limit(EXPORT_PAGE_ROWS)
            .execute(),
        upTo,
        // The password is never exported: its cell stays blank and password_exported says so.
        (user) => [user.username, user.email, null, user.firstName, user.lastName, user.role, false],
      );
    case "categories":
      return rowsOf(
        (after, last) =>
          db
            .selectFrom("categories")
            .select(["id", "name", "description", "color"])
            .where("id", ">", after)
            .where("id", "<=", last)
            .orderBy("id")
            .limit(EXPORT_PAGE_ROWS)
            .execute(),
        upTo,
        (category) => [category.name, category.description, category.color],
      );
    case "posts": {
      const categories = await idsOf(db, "categories");
      const users = await idsOf(db, "users");
      return rowsOf(
        (after, last) =>
          db
            .selectFrom("posts")
            .select(["id", "title", "content", "excerpt", "categoryId", "authorId", "featured"])
            .where("id", ">", after)
            .where("id", "<=", last)
            .orderBy("id")
            .limit(EXPORT_PAGE_ROWS)
            .execute(),
        upTo,
        (post) => [
          post.title,
          post.content,
          post.excerpt,
          position(categories, post.categoryId),
          position(users, post.authorId),
          Number(post.featured) === 1,
        ],
      );
    }
    case "replies": {
      const posts = await idsOf(db, "posts");
      const users = await idsOf(db, "users");
      return rowsOf(
        (after, last) =>
          db
            .selectFrom("replies")
            .select(["id", "content", "postId", "authorId"])
            .where("id", ">", after)
            .where("id", "<=", last)
            .orderBy("id")
            .limit(EXPORT_PAGE_ROWS)
            .execute(),
        upTo,
        (reply) => [reply.content, position(posts, reply.postId), position(users, reply.authorId)],
      );
    }
  }
}
