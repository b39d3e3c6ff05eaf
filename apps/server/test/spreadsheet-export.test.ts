// The admin's spreadsheet export (issue 32) on both engines: the four files in the bulk upload's
// columns, as .xlsx and .csv, admins only. The round trip: a forum seeded through the bulk
// upload (with ids left unused here and there by deletions) is exported, the files are imported
// in order into a fresh, empty forum, and every exported field comes back, references included.
import * as XLSX from "@e965/xlsx";
import { importSpreadsheet } from "@forum/api";
import { BULK_COLUMNS, BULK_UPLOAD_TYPES, type BulkUploadType } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { client, insertCategory, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { multipartBody } from "./multipart";

type Cell = string | number | boolean | null;
type Browser = Awaited<ReturnType<typeof signedIn>>;

const TODAY = "2026-11-29";
const clock = () => Date.parse(`${TODAY}T10:00:00Z`);
let source: TestForum;
let admin: Browser;

// Texts a spreadsheet or a CSV file could get wrong: separators, quotes, line breaks (also \r\n),
// markup, Excel's own _xHHHH_ escapes, a tab, leading equals signs, and non-Latin letters.
const TRICKY = [
  'Quotes "inside", commas, and a semicolon;',
  "Two lines\nand a Windows one\r\nand the end",
  "<b>markup</b> & ampersands &amp; stay text",
  "Excel escapes _x0041_ and _x000D_ stay as typed",
  "tab\there, =1+1 stays text, emoji 🦀 and ümlauts",
];

/**
 * SheetJS reads every line break in an .xlsx text as \n (the XML rule), and the import reads
 * with SheetJS: a \r\n a member typed comes back as \n. The one change a round trip makes.
 */
const lineFeeds = <T>(value: T): T => (typeof value === "string" ? value.replaceAll("\r\n", "\n") : value) as T;
const lineFeedsIn = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, lineFeeds(value)])));

function workbook(rows: Cell[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

async function upload(type: BulkUploadType, rows: Cell[][]) {
  const { body, contentType } = await multipartBody({
    type,
    file: { name: `${type}.xlsx`, bytes: workbook(rows) },
  });
  const response = await source.app.inject({
    method: "POST",
    url: "/api/bulk-upload",
    payload: body,
    headers: { "content-type": contentType, cookie: admin.jar.cookie ?? "" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{ id: number }>;
}

async function download(url: string, cookie?: string) {
  const response = await source.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  await checkDocumented(source.app, "GET", url, response);
  return response;
}

/** The first sheet's rows as SheetJS reads them (header first), blank cells as null. */
function sheetRows(bytes: Buffer | string): Cell[][] {
  const book = XLSX.read(bytes, { type: typeof bytes === "string" ? "string" : "buffer", dense: true });
  const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
  return XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, defval: null, raw: true });
}

beforeAll(async () => {
  source = await startForum({ clock });
  admin = await signedIn(source, { role: "admin", username: "export-admin" });
  // Ids left unused: a member and a category that came and went.
  const gone = await insertUser(source.db, { username: "gone_member" });
  await source.db.deleteFrom("users").where("id", "=", gone.id).execute();
  const goneCategory = await insertCategory(source.db, "Gone category");
  await source.db.deleteFrom("categories").where("id", "=", goneCategory).execute();

  await upload("users", [
    BULK_COLUMNS.users.map((c) => c.name).slice(0, 6),
    ["ann_archer", "ann@example.org", "ann-password-1", "Ann", "Archer", "moderator"],
    ["bob.b", "bob@example.org", "bob-password-1", null, null, null],
    ["cleo-c", "cleo@example.org", "cleo-password", "Cléo", null, "admin"],
  ]);
  const categories = await upload("categories", [
    ["name", "description", "color"],
    ["Rust", TRICKY[0] as string, "#f97316"],
    ["Bare", null, null],
  ]);
  const users = await source.db.selectFrom("users").select(["id", "username"]).orderBy("id").execute();
  const idOf = (username: string) => users.find((u) => u.username === username)?.id as number;
  const [rust, bare] = categories.map((c) => c.id) as [number, number];
  const posts = await upload("posts", [
    ["title", "content", "excerpt", "categoryId", "authorId", "featured"],
    ['First, with "quotes"', TRICKY[1] as string, "A short summary", rust, idOf("ann_archer"), true],
    ["Deleted soon", "This one goes", null, bare, idOf("bob.b"), false],
    ["Markup & more", TRICKY[2] as string, null, bare, idOf("export-admin"), false],
    ["Escapes", TRICKY[3] as string, TRICKY[4] as string, rust, idOf("cleo-c"), "yes"],
  ]);
  const [first, deleted, markup, escapes] = posts.map((p) => p.id) as [number, number, number, number];
  await upload("replies", [
    ["content", "postId", "authorId"],
    ["Goes with its post", deleted, idOf("ann_archer")],
    [TRICKY[4] as string, first, idOf("bob.b")],
    [TRICKY[1] as string, escapes, idOf("ann_archer")],
    ["Plain reply", markup, idOf("cleo-c")],
  ]);
  // The texts as members type them (SheetJS, which made the seed's files, reads some of them its
  // own way: the export must not).
  for (const [id, text] of [
    [first, TRICKY[1]],
    [markup, TRICKY[2]],
    [escapes, TRICKY[3]],
  ] as const) {
    await source.db.updateTable("posts").set({ content: text }).where("id", "=", id).execute();
  }
  await source.db.updateTable("posts").set({ excerpt: TRICKY[4] }).where("id", "=", escapes).execute();
  await source.db.updateTable("categories").set({ description: TRICKY[0] }).where("id", "=", rust).execute();
  // A post deleted with its reply: the ids after it move up by one in the export.
  expect((await admin.del(`/api/posts/${deleted}`)).status).toBe(200);
});
afterAll(() => source.close());

/** Every exported field of a forum, references by name, in id order: what must come back. */
async function content(db: ForumDb) {
  const users = await db
    .selectFrom("users")
    .select(["username", "email", "firstName", "lastName", "role"])
    .orderBy("id")
    .execute();
  const categories = await db
    .selectFrom("categories")
    .select(["name", "description", "color", "postCount"])
    .orderBy("id")
    .execute();
  const posts = await db
    .selectFrom("posts")
    .innerJoin("categories", "categories.id", "posts.categoryId")
    .innerJoin("users", "users.id", "posts.authorId")
    .select(["posts.title", "posts.content", "posts.excerpt", "posts.featured", "categories.name as category"])
    .select(["users.username as author", "posts.replyCount"])
    .orderBy("posts.id")
    .execute();
  const replies = await db
    .selectFrom("replies")
    .innerJoin("posts", "posts.id", "replies.postId")
    .innerJoin("users", "users.id", "replies.authorId")
    .select(["replies.content", "posts.title as post", "users.username as author"])
    .orderBy("replies.id")
    .execute();
  return {
    users: lineFeedsIn(users),
    categories: lineFeedsIn(categories),
    posts: lineFeedsIn(
      posts.map((post) => ({ ...post, featured: Number(post.featured), replyCount: Number(post.replyCount) })),
    ),
    replies: lineFeedsIn(replies),
  };
}

describe("the spreadsheet export", () => {
  it("is for admins only: 401 signed out, 403 for a member, 400 for an unknown type or format", async () => {
    expect((await download("/api/admin/export/posts")).statusCode).toBe(401);
    const member = await signedIn(source, { username: "just_a_member" });
    const refused = await download("/api/admin/export/posts", member.jar.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only administrators can do that");
    const badType = await download("/api/admin/export/votes", admin.jar.cookie);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/users, categories, posts, replies/);
    const badFormat = await download("/api/admin/export/posts?format=pdf", admin.jar.cookie);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toMatch(/xlsx, csv/);
  });

  it("answers each kind in the bulk upload's columns, as an attachment with its row count, never a password", async () => {
    const response = await download("/api/admin/export/users", admin.jar.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="forum-users-${TODAY}.xlsx"`);
    expect(response.headers["x-export-rows"]).toBe("5");
    const rows = sheetRows(response.rawPayload);
    expect(rows).toEqual([
      ["username", "email", "password", "first_name", "last_name", "role", "password_exported"],
      ["export-admin", "export-admin@example.com", null, null, null, "admin", false],
      ["ann_archer", "ann@example.org", null, "Ann", "Archer", "moderator", false],
      ["bob.b", "bob@example.org", null, null, null, "user", false],
      ["cleo-c", "cleo@example.org", null, "Cléo", null, "admin", false],
      // The member of the first test.
      ["just_a_member", "just_a_member@example.com", null, null, null, "user", false],
    ]);
    // Not even a hash of one anywhere in the file.
    expect(response.rawPayload.toString("latin1")).not.toContain("argon2");

    const posts = sheetRows((await download("/api/admin/export/posts", admin.jar.cookie)).rawPayload);
    // The references are positions in the other files: Rust is the 1st category, ann the 2nd member.
    expect(posts).toEqual([
      ["title", "content", "excerpt", "categoryId", "authorId", "featured"],
      ['First, with "quotes"', lineFeeds(TRICKY[1]), "A short summary", 1, 2, true],
      ["Markup & more", TRICKY[2], null, 2, 1, false],
      ["Escapes", TRICKY[3], TRICKY[4], 1, 4, true],
    ]);
    const replies = sheetRows((await download("/api/admin/export/replies", admin.jar.cookie)).rawPayload);
    expect(replies).toEqual([
      ["content", "postId", "authorId"],
      [TRICKY[4], 1, 3],
      [lineFeeds(TRICKY[1]), 3, 2],
      ["Plain reply", 2, 4],
    ]);
  });

  it("answers the same rows as CSV", async () => {
    for (const type of BULK_UPLOAD_TYPES) {
      const xlsx = await download(`/api/admin/export/${type}`, admin.jar.cookie);
      const csv = await download(`/api/admin/export/${type}?format=csv`, admin.jar.cookie);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["content-disposition"]).toBe(`attachment; filename="forum-${type}-${TODAY}.csv"`);
      expect(csv.headers["x-export-rows"]).toBe(xlsx.headers["x-export-rows"]);
      // CSV has text only: numbers and flags are compared as the text they are written as.
      // (SheetJS keeps a \r\n in a CSV file, and reads it as \n in an .xlsx one.)
      const asText = (rows: Cell[][]) =>
        rows.map((row) => row.map((cell) => (cell === null ? "" : lineFeeds(String(cell)))));
      const csvText = csv.rawPayload.toString("utf8");
      expect(csvText.startsWith("\uFEFF")).toBe(true);
      expect(asText(sheetRows(csvText.slice(1)))).toEqual(asText(sheetRows(xlsx.rawPayload)));
    }
  });

  it("round trip: the four files imported into an empty forum give back every field", async () => {
    const files = new Map<BulkUploadType, Buffer>();
    for (const type of BULK_UPLOAD_TYPES) {
      files.set(type, (await download(`/api/admin/export/${type}`, admin.jar.cookie)).rawPayload);
    }
    const fresh = await startForum();
    try {
      // The bulk upload's own import, in the order the references need.
      for (const type of BULK_UPLOAD_TYPES) await importSpreadsheet(fresh.db, type, files.get(type) as Buffer);
      expect(await content(fresh.db)).toEqual(await content(source.db));
      // The members came without passwords: none signs in until they set one.
      const login = await client(fresh.app).post("/api/login", { username: "ann_archer", password: "ann-password-1" });
      expect(login.status).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
