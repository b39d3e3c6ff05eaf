// The spreadsheet bulk import through the REST door: real multipart bodies, real spreadsheets
// made here with SheetJS, a real database checked row by row (and unchanged after a refusal).
import { createHash } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import * as XLSX from "@e965/xlsx";
import { hashPassword } from "@forum/api";
import { BULK_COLUMNS, BULK_UPLOAD_TYPES, type BulkUploadType } from "@forum/contracts";
import { hotScore, seedDemo } from "@forum/db";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { client, insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { type FormFile, multipartBody } from "./multipart";

type Browser = Awaited<ReturnType<typeof signedIn>>;
type Cell = string | number | boolean | null;

let forum: TestForum;
let admin: Browser;
let member: Browser;
let categoryId: number;
let postId: number;

beforeAll(async () => {
  forum = await startForum();
  admin = await signedIn(forum, { role: "admin", username: "bulk-admin" });
  member = await signedIn(forum, { username: "bulk-member" });
  categoryId = await insertCategory(forum.db, "Bulk Category");
  postId = (await insertPost(forum.db, { authorId: member.user.id, categoryId, title: "Existing post" })).id;
});
afterAll(() => forum.close());

/** A workbook whose first sheet holds `rows` (row 1 = the header). */
function workbook(rows: Cell[][], bookType: "xlsx" | "xls" = "xlsx"): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return XLSX.write(book, { type: "buffer", bookType }) as Buffer;
}

/** The bulk-upload form: the type first, as the screen sends it. */
const multipart = (fields: { type?: string; file?: FormFile }) =>
  multipartBody({ type: fields.type, file: fields.file });

async function upload(
  browser: { jar: { cookie?: string | undefined } } | null,
  fields: { type?: string; file?: FormFile },
) {
  const { body, contentType } = await multipart(fields);
  const response = await forum.app.inject({
    method: "POST",
    url: "/api/bulk-upload",
    payload: body,
    headers: { "content-type": contentType, ...(browser?.jar.cookie ? { cookie: browser.jar.cookie } : {}) },
  });
  await checkDocumented(forum.app, "POST", "/api/bulk-upload", response);
  return { status: response.statusCode, body: response.json() };
}

/** A ZIP archive written by hand, so the sizes its headers declare can lie. */
function zipOf(entries: Array<{ name: string; data: Buffer; declaredSize: number }>): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

const importSheet = (type: BulkUploadType, rows: Cell[][], bookType: "xlsx" | "xls" = "xlsx") =>
  upload(admin, { type, file: { name: `${type}.${bookType}`, bytes: workbook(rows, bookType) } });

const TABLES = ["users", "categories", "posts", "replies", "votes"] as const;

/** Row counts and a checksum of every row of the tables an import could write. */
async function snapshot() {
  // Views of posts read by earlier tests are written in the background: write them now.
  await forum.app.services.views.flush();
  const result: Record<string, { count: number; checksum: string }> = {};
  for (const table of TABLES) {
    const rows = await forum.db.selectFrom(table).selectAll().orderBy("id").execute();
    result[table] = { count: rows.length, checksum: createHash("sha256").update(JSON.stringify(rows)).digest("hex") };
  }
  return result;
}

/** Uploads rows expected to be refused: 400, and the database exactly as before. */
async function refused(type: BulkUploadType, rows: Cell[][], bookType: "xlsx" | "xls" = "xlsx") {
  const before = await snapshot();
  const res = await importSheet(type, rows, bookType);
  expect(res.status).toBe(400);
  expect(await snapshot()).toEqual(before);
  return res.body as { message: string; errors: Array<{ row: number; column: string; message: string }> };
}

async function expectCountersMatchRecount() {
  const categories = await sql<{ id: number; stored: number; actual: number }>`
    select c.id, c."postCount" as stored, (select count(*) from posts p where p."categoryId" = c.id) as actual
    from categories c`.execute(forum.db);
  for (const row of categories.rows) expect(row.stored).toBe(row.actual);
  const posts = await sql<{ id: number; stored: number; actual: number }>`
    select p.id, p."replyCount" as stored, (select count(*) from replies r where r."postId" = p.id) as actual
    from posts p`.execute(forum.db);
  for (const row of posts.rows) expect(row.stored).toBe(row.actual);
}

describe("who may upload", () => {
  it("refuses visitors with 401 and members with 403, before reading the file", async () => {
    const file = { name: "users.xlsx", bytes: workbook([["username"], ["x"]]) };
    const before = await snapshot();
    expect((await upload(null, { type: "users", file })).status).toBe(401);
    const asMember = await upload(member, { type: "users", file });
    expect(asMember).toEqual({ status: 403, body: { message: "Only administrators can do that" } });
    expect(await snapshot()).toEqual(before);
  });
});

describe("valid imports", () => {
  it("imports users with argon2id hashes they can log in with", async () => {
    const res = await importSheet("users", [
      ["username", "email", "password", "first_name", "last_name", "role"],
      ["import_ann", "Ann@Example.org", "ann-password-1", "Ann", "Archer", "moderator"],
      ["import_bob", "bob@example.org", 12345678, null, null, null],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.map((u: { username: string }) => u.username)).toEqual(["import_ann", "import_bob"]);
    const rows = await forum.db
      .selectFrom("users")
      .selectAll()
      .where("username", "in", ["import_ann", "import_bob"])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.email, r.firstName, r.lastName, r.role])).toEqual([
      ["ann@example.org", "Ann", "Archer", "moderator"],
      ["bob@example.org", null, null, "user"],
    ]);
    for (const row of rows) expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const ann = client(forum.app);
    expect((await ann.post("/api/login", { username: "import_ann", password: "ann-password-1" })).status).toBe(200);
    // A number cell is the password's text.
    const bob = client(forum.app);
    expect((await bob.post("/api/login", { username: "import_bob", password: "12345678" })).status).toBe(200);
  });

  it("imports categories with unique slugs, also among the rows of the same file", async () => {
    await insertCategory(forum.db, "Rust");
    const res = await importSheet("categories", [
      ["name", "description", "color"],
      ["Rust!", "Systems programming", "F97316"],
      ["Rust?", null, null],
      ["Go!", "Gophers", "#abc"],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { slug: string }) => c.slug)).toEqual(["rust-2", "rust-3", "go"]);
    const rows = await forum.db
      .selectFrom("categories")
      .selectAll()
      .where(
        "id",
        "in",
        res.body.data.map((c: { id: number }) => c.id),
      )
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.name, r.description, r.color, r.postCount])).toEqual([
      ["Rust!", "Systems programming", "#f97316", 0],
      ["Rust?", null, "#3b82f6", 0],
      ["Go!", "Gophers", "#aabbcc", 0],
    ]);
  });

  it.each(["xlsx", "xls"] as const)("imports posts from .%s with slugs, hot scores and counters", async (bookType) => {
    const author = await insertUser(forum.db);
    const other = await insertCategory(forum.db);
    const title = `Imported from ${bookType}`;
    const before = Date.now();
    const res = await importSheet(
      "posts",
      [
        ["title", "content", "excerpt", "categoryId", "authorId", "featured"],
        [title, "First body", "Short", categoryId, author.id, true],
        [title, "Second body", null, String(other), String(author.id), "yes"],
        [],
        [title, "Fourth row", "", other, author.id, 0],
        [`${title} 2`, "Fifth row", null, other, author.id, null],
      ],
      bookType,
    );
    expect(res.status).toBe(200);
    const slug = `imported-from-${bookType}`;
    // The blank row is skipped; "title 2" slugifies to the slug already given to the second row.
    expect(res.body.data.map((p: { slug: string }) => p.slug)).toEqual([slug, `${slug}-2`, `${slug}-3`, `${slug}-2-2`]);
    const rows = await forum.db
      .selectFrom("posts")
      .selectAll()
      .where(
        "id",
        "in",
        res.body.data.map((p: { id: number }) => p.id),
      )
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.content, r.excerpt, r.categoryId, r.featured, r.replyCount, r.upvotes])).toEqual([
      ["First body", "Short", categoryId, 1, 0, 0],
      ["Second body", null, other, 1, 0, 0],
      ["Fourth row", null, other, 0, 0, 0],
      ["Fifth row", null, other, 0, 0, 0],
    ]);
    for (const row of rows) {
      expect(row.createdAt).toBeGreaterThanOrEqual(before);
      expect(row.hotScore).toBeCloseTo(hotScore(0, 0, row.createdAt), 9);
      expect(row.authorId).toBe(author.id);
    }
    await expectCountersMatchRecount();
    expect((await client(forum.app).get(`/api/posts/${slug}-2`)).body.title).toBe(title);
  });

  it("imports replies and keeps each post's reply count", async () => {
    const author = await insertUser(forum.db);
    const second = await insertPost(forum.db, { authorId: author.id, categoryId });
    const res = await importSheet(
      "replies",
      [
        ["content", "postId", "authorId"],
        ["One", postId, author.id],
        ["Two", postId, author.id],
        ["Three", second.id, member.user.id],
      ],
      "xls",
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data.map((r: { postId: number }) => r.postId)).toEqual([postId, postId, second.id]);
    const replies = await client(forum.app).get(`/api/posts/${postId}/replies`);
    expect(replies.body.replies.map((r: { content: string }) => r.content)).toEqual(
      expect.arrayContaining(["One", "Two"]),
    );
    await expectCountersMatchRecount();
  });

  it("reads only the first sheet, takes columns in any order and ignores blank header cells", async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ["color", null, "name"],
        ["#123456", "ignored", "Reordered"],
      ]),
      "first",
    );
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["nonsense"], ["x"]]), "second");
    const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const res = await upload(admin, { type: "categories", file: { name: "cats.XLSX", bytes } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ name: "Reordered", slug: "reordered" })]);
  });
});

describe("rows with problems: 400 with every problem, nothing written", () => {
  const usersHeader = ["username", "email", "password", "first_name", "last_name", "role"];
  const postsHeader = ["title", "content", "excerpt", "categoryId", "authorId", "featured"];

  it("a missing required column is reported on row 1", async () => {
    const body = await refused("users", [
      ["username", "password", "Email"],
      ["someone", "password-123", "someone@example.org"],
    ]);
    expect(body.message).toBe("1 row has problems; nothing was imported");
    expect(body.errors).toEqual([
      {
        row: 1,
        column: "email",
        message: "Missing required column email (found Email: column names are case-sensitive)",
      },
      { row: 1, column: "Email", message: expect.stringContaining("Unknown column Email") },
    ]);
  });

  it("lists each bad cell with its spreadsheet row and column", async () => {
    const body = await refused("posts", [
      postsHeader,
      ["Fine", "Fine", null, categoryId, member.user.id, false],
      [null, "No title", null, categoryId, member.user.id, false],
      ["Bad category", "x", null, "abc", member.user.id, false],
      ["Bad flag", "x", null, categoryId, member.user.id, "maybe"],
      ["Unknown category", "x", null, 999_999, member.user.id, false],
      ["Unknown author", "x", null, categoryId, 999_999, false],
      ["x".repeat(301), "Too long", null, categoryId, member.user.id, false],
      ["Negative", "x", null, -3, 1.5, false],
    ]);
    expect(body.message).toBe("7 rows have problems; nothing was imported");
    expect(body.errors.map((e) => [e.row, e.column])).toEqual([
      [3, "title"],
      [4, "categoryId"],
      [5, "featured"],
      [6, "categoryId"],
      [7, "authorId"],
      [8, "title"],
      [9, "categoryId"],
      [9, "authorId"],
    ]);
    expect(body.errors[0]?.message).toBe("title is required");
    expect(body.errors[1]?.message).toBe("categoryId must be a positive whole number");
    expect(body.errors[2]?.message).toBe("featured must be true or false (or yes/no, 1/0)");
    expect(body.errors[3]?.message).toBe("No category with id 999999");
    expect(body.errors[4]?.message).toBe("No user with id 999999");
    expect(body.errors[5]?.message).toBe("title must be at most 300 characters");
  });

  it("refuses duplicate usernames and emails, in the file or in the database, case-insensitively", async () => {
    const existing = await insertUser(forum.db, { username: "Taken_Name", email: "taken@example.org" });
    const body = await refused("users", [
      usersHeader,
      ["fresh_one", "fresh1@example.org", "password-123", null, null, null],
      ["FRESH_ONE", "fresh2@example.org", "password-123", null, null, null],
      ["fresh_two", "FRESH1@example.org", "password-123", null, null, null],
      [existing.username.toLowerCase(), "fresh3@example.org", "password-123", null, null, null],
      ["fresh_three", "Taken@Example.org", "password-123", null, null, null],
    ]);
    expect(body.errors).toEqual([
      { row: 3, column: "username", message: "username FRESH_ONE is also on row 2" },
      { row: 4, column: "email", message: "email fresh1@example.org is also on row 2" },
      { row: 5, column: "username", message: "username taken_name is already registered" },
      { row: 6, column: "email", message: "email taken@example.org is already registered" },
    ]);
  });

  it("refuses a bad role, email, username and short password", async () => {
    const body = await refused("users", [
      usersHeader,
      ["good_name", "good@example.org", "password-123", null, null, "superuser"],
      ["good_name2", "not-an-email", "password-123", null, null, "admin"],
      ["no spaces allowed", "ok@example.org", "password-123", null, null, null],
      ["good_name3", "ok3@example.org", "short", "F".repeat(101), null, null],
      ["good_name4", null, "password-123", null, null, null],
    ]);
    expect(body.errors).toEqual([
      { row: 2, column: "role", message: "role must be one of user, moderator, admin" },
      { row: 3, column: "email", message: "Please enter a valid email address" },
      { row: 4, column: "username", message: expect.stringContaining("Username must be 3 to 32 characters") },
      { row: 5, column: "password", message: "Password must be at least 8 characters" },
      { row: 5, column: "first_name", message: "first_name must be at most 100 characters" },
      { row: 6, column: "email", message: "email is required" },
    ]);
  });

  it("takes a blank password only where password_exported is false (an admin's export), and that member cannot sign in", async () => {
    const header = [...usersHeader, "password_exported"];
    const body = await refused("users", [
      header,
      ["no_password_1", "np1@example.org", null, null, null, null, true],
      ["no_password_2", "np2@example.org", null, null, null, null, null],
      ["no_password_3", "np3@example.org", null, null, null, null, "maybe"],
    ]);
    expect(body.errors).toEqual([
      { row: 2, column: "password", message: "password is required" },
      { row: 3, column: "password", message: "password is required" },
      { row: 4, column: "password", message: "password is required" },
      { row: 4, column: "password_exported", message: "password_exported must be true or false (or yes/no, 1/0)" },
    ]);

    const imported = await importSheet("users", [
      header,
      ["exported_member", "exported@example.org", null, "Ex", null, "moderator", false],
      ["kept_password", "kept@example.org", "kept-password-1", null, null, null, "no"],
    ]);
    expect(imported.status).toBe(200);
    const blank = client(forum.app);
    // Not even with the stored marker itself.
    expect((await blank.post("/api/login", { username: "exported_member", password: "!no-password" })).status).toBe(
      401,
    );
    // A password given is used even where password_exported is false.
    expect((await blank.post("/api/login", { username: "kept_password", password: "kept-password-1" })).status).toBe(
      200,
    );
  });

  it("refuses a colour that is not hex, and a category without a name", async () => {
    const body = await refused(
      "categories",
      [
        ["name", "description", "color"],
        ["Colourful", null, "blue"],
        [null, "no name", "#fff"],
      ],
      "xls",
    );
    expect(body.errors).toEqual([
      { row: 2, column: "color", message: "Color must be a hex colour such as #3b82f6" },
      { row: 3, column: "name", message: "name is required" },
    ]);
  });

  it("refuses replies to unknown posts", async () => {
    const body = await refused("replies", [
      ["content", "postId", "authorId"],
      ["Fine", postId, member.user.id],
      ["Orphan", 424_242, member.user.id],
    ]);
    expect(body.errors).toEqual([{ row: 3, column: "postId", message: "No post with id 424242" }]);
  });

  it("refuses category names taken already or twice in the file, in any case (issue 13)", async () => {
    await insertCategory(forum.db, "Security");
    const body = await refused("categories", [
      ["name", "description"],
      ["security", "Again"],
      ["Kotlin", "JVM"],
      ["KOTLIN", "JVM again"],
    ]);
    expect(body.errors).toEqual([
      { row: 2, column: "name", message: "A category named security already exists" },
      { row: 4, column: "name", message: "name KOTLIN is also on row 3" },
    ]);
  });

  it("lists the first 1000 problems and counts them all", async () => {
    const rows: Cell[][] = [["name", "color"]];
    for (let i = 0; i < 1500; i++) rows.push([`Colourless ${i}`, "not-a-colour"]);
    const body = await refused("categories", rows);
    expect(body.message).toBe("1500 rows have problems; nothing was imported");
    expect(body.errors).toHaveLength(1000);
    expect((body as unknown as { totalErrors: number }).totalErrors).toBe(1500);
    expect(body.errors[0]).toEqual({ row: 2, column: "color", message: expect.any(String) });
    expect(body.errors[999]?.row).toBe(1001);
  });
});

describe("files that cannot be imported", () => {
  const validUsers = () => workbook([["name"], ["A category"]]);

  async function expectRefused(
    fields: { type?: string; file?: FormFile },
    status: number,
    message: string | RegExp,
  ): Promise<void> {
    const before = await snapshot();
    const res = await upload(admin, fields);
    expect(res.status).toBe(status);
    expect(Object.keys(res.body)).toEqual(["message"]);
    if (typeof message === "string") expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  }

  it("needs both a file and a type", async () => {
    await expectRefused({ type: "categories" }, 400, "Please select a file and upload type");
    await expectRefused({ file: { name: "c.xlsx", bytes: validUsers() } }, 400, "Please select a file and upload type");
    await expectRefused({ type: "widgets", file: { name: "c.xlsx", bytes: validUsers() } }, 400, /Upload type/);
    // A JSON body has no file either.
    const json = await admin.post("/api/bulk-upload", { type: "users" });
    expect(json).toMatchObject({ status: 400, body: { message: "Please select a file and upload type" } });
  });

  it("refuses a file that is not named .xlsx or .xls", async () => {
    await expectRefused(
      { type: "categories", file: { name: "categories.csv", bytes: validUsers() } },
      400,
      "Please select an Excel file (.xlsx or .xls)",
    );
  });

  it("refuses a renamed text file", async () => {
    await expectRefused(
      { type: "categories", file: { name: "notes.xlsx", bytes: new TextEncoder().encode("name\nHello, world\n") } },
      400,
      "The file is not an Excel spreadsheet (.xlsx or .xls), or it is damaged",
    );
  });

  it("refuses a corrupt zip, a truncated one and a broken .xls", async () => {
    const good = validUsers();
    const garbled = Buffer.from(good);
    for (let i = 60; i < garbled.length - 30; i += 7) garbled[i] = (garbled[i] as number) ^ 0x5a;
    const xls = workbook([["name"], ["x"]], "xls");
    const cases: Array<[string, Uint8Array]> = [
      ["garbled.xlsx", garbled],
      ["truncated.xlsx", good.subarray(0, Math.floor(good.length / 2))],
      ["header-only.xlsx", good.subarray(0, 4)],
      ["broken.xls", xls.subarray(0, 700)],
    ];
    for (const [name, bytes] of cases) {
      await expectRefused({ type: "categories", file: { name, bytes } }, 400, /not an Excel spreadsheet/);
    }
  });

  it("refuses an archive that unpacks to more than 128 MB (a zip bomb)", async () => {
    const sheetXml = "xl/worksheets/sheet1.xml";
    // Sizes as declared in the headers, then sizes left to a data descriptor (declared 0).
    const declared = zipOf([{ name: sheetXml, data: Buffer.from("<worksheet/>"), declaredSize: 200 * 1024 * 1024 }]);
    const deferred = zipOf([{ name: sheetXml, data: Buffer.alloc(140 * 1024 * 1024, 0x20), declaredSize: 0 }]);
    expect(deferred.length).toBeLessThan(1024 * 1024);
    for (const bytes of [declared, deferred]) {
      await expectRefused(
        { type: "categories", file: { name: "bomb.xlsx", bytes } },
        400,
        "The spreadsheet is too large once unpacked: split it into smaller files",
      );
    }
  });

  it("refuses an empty sheet, a sheet without a header row and a sheet with no rows", async () => {
    const empty = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(empty, XLSX.utils.aoa_to_sheet([]), "empty");
    await expectRefused(
      { type: "categories", file: { name: "e.xlsx", bytes: XLSX.write(empty, { type: "buffer", bookType: "xlsx" }) } },
      400,
      "The first sheet of the spreadsheet is empty",
    );
    await expectRefused(
      { type: "categories", file: { name: "h.xlsx", bytes: workbook([[], ["Data without a header"]]) } },
      400,
      "The first row of the first sheet must hold the column names: name, description, color",
    );
    await expectRefused(
      { type: "categories", file: { name: "n.xlsx", bytes: workbook([["name", "color"], [], []]) } },
      400,
      "The first sheet has column names but no rows to import",
    );
  });

  it("refuses an empty file", async () => {
    await expectRefused(
      { type: "categories", file: { name: "zero.xlsx", bytes: new Uint8Array() } },
      400,
      "The file is empty",
    );
  });

  it("refuses a file over 10 MB with 413", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    await expectRefused(
      { type: "posts", file: { name: "big.xlsx", bytes: big } },
      413,
      "The file is too large: the limit is 10 MB",
    );
  });

  it("refuses more than 100,000 rows", async () => {
    // One short column keeps the file small; 100,001 rows is one too many.
    const rows: Cell[][] = [["name"]];
    for (let i = 0; i <= 100_000; i++) rows.push([`c${i}`]);
    const sheet = XLSX.utils.aoa_to_sheet(rows, { dense: true });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "many");
    const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
    await expectRefused(
      { type: "categories", file: { name: "many.xlsx", bytes } },
      400,
      "The first sheet has more than 100,000 rows: split it into smaller files",
    );
  });

  it("answers 400 for a multipart body it cannot read, or one cut off", async () => {
    const whole = await multipart({ type: "categories", file: { name: "c.xlsx", bytes: validUsers() } });
    const bodies = [
      { payload: "--nothing\r\nbroken", contentType: "multipart/form-data; boundary=something-else" },
      { payload: whole.body.subarray(0, Math.floor(whole.body.length / 2)), contentType: whole.contentType },
    ];
    for (const { payload, contentType } of bodies) {
      const before = await snapshot();
      const response = await forum.app.inject({
        method: "POST",
        url: "/api/bulk-upload",
        payload,
        headers: { "content-type": contentType, cookie: admin.jar.cookie as string },
      });
      await checkDocumented(forum.app, "POST", "/api/bulk-upload", response);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "The upload could not be read: send a multipart form with the fields file and type",
      });
      expect(await snapshot()).toEqual(before);
    }
  });
});

describe("example files", () => {
  it("are served for every type and hold the column names", async () => {
    for (const type of BULK_UPLOAD_TYPES) {
      const response = await forum.app.inject({ method: "GET", url: `/uploads/example_${type}.xlsx` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("spreadsheetml");
      const book = XLSX.read(response.rawPayload, { type: "buffer" });
      const first = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
      const [header] = XLSX.utils.sheet_to_json<string[]>(first, { header: 1 });
      expect(header).toEqual(BULK_COLUMNS[type].map((c) => c.name));
    }
  });

  it("each import into the demo database", async () => {
    const demo = await startForum();
    try {
      await seedDemo(demo.db, { hashPassword, createAdmin: false });
      const demoAdmin = await signedIn(demo, { role: "admin", username: "demo-bulk-admin" });
      for (const type of ["users", "categories", "posts", "replies"] as const) {
        const file = await demo.app.inject({ method: "GET", url: `/uploads/example_${type}.xlsx` });
        const { body, contentType } = await multipart({
          type,
          file: { name: `example_${type}.xlsx`, bytes: file.rawPayload },
        });
        const response = await demo.app.inject({
          method: "POST",
          url: "/api/bulk-upload",
          payload: body,
          headers: { "content-type": contentType, cookie: demoAdmin.jar.cookie as string },
        });
        await checkDocumented(demo.app, "POST", "/api/bulk-upload", response);
        expect({ type, status: response.statusCode, body: response.json() }).toMatchObject({ type, status: 200 });
        expect(response.json().data).toHaveLength(2);
      }
    } finally {
      await demo.close();
    }
  });
});
