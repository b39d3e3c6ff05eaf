// The staff log (issue 32) on both engines: every moderator's and admin's action leaves one entry,
// written with the action (an action refused or rolled back leaves none), with the before and
// after of what it changed, and never a secret; admins read it newest first, filtered and paged;
// nothing in the forum edits or deletes it.

import * as XLSX from "@e965/xlsx";
import type { StaffLogEntry, StaffLogPage } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";
import { multipartBody } from "./multipart";

type Browser = Awaited<ReturnType<typeof signedIn>>;

let forum: TestForum;
let admin: Browser;
let moderator: Browser;
let categoryId: number;
let names = 0;
const member = (prefix = "member") => signedIn(forum, { username: `${prefix}${++names}` });

beforeAll(async () => {
  forum = await startForum({ webhooks: { allowHttp: true, allowPrivate: true } });
  admin = await signedIn(forum, { role: "admin", username: "log-admin" });
  moderator = await signedIn(forum, { role: "moderator", username: "log-moderator" });
  categoryId = await insertCategory(forum.db, "Logged");
});
afterAll(() => forum.close());

async function logPage(query = ""): Promise<StaffLogPage> {
  const res = await admin.get(`/api/admin/staff-log${query}`);
  expect(res.status).toBe(200);
  return res.body as StaffLogPage;
}

/** The entries about one target, newest first. */
async function entriesAbout(targetType: string, targetId: number): Promise<StaffLogEntry[]> {
  return (await logPage(`?targetType=${targetType}&targetId=${targetId}`)).entries;
}

const countRows = async () =>
  Number(
    (
      await forum.db
        .selectFrom("staff_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("what staff do to members", () => {
  it("records a ban and an unban, by whom, and nothing for a ban that changes nothing", async () => {
    const target = await member("banned");
    expect((await admin.put(`/api/admin/users/${target.user.id}/ban`, { banned: true })).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${target.user.id}/ban`, { banned: true })).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${target.user.id}/ban`, { banned: false })).status).toBe(200);

    const entries = await entriesAbout("member", target.user.id);
    expect(entries.map((entry) => entry.action)).toEqual(["member.unban", "member.ban"]);
    expect(entries[1]).toMatchObject({
      actor: { id: admin.user.id, username: "log-admin" },
      targetType: "member",
      targetId: target.user.id,
      targetLabel: target.user.username,
      changes: [{ field: "banned", before: false, after: true }],
    });
    expect(Date.parse(entries[1]?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records an edit with the before and after of each changed field, a role change as one", async () => {
    const target = await member("edited");
    const edit = (fields: Record<string, unknown>) =>
      admin.put(`/api/admin/users/${target.user.id}`, {
        username: target.user.username,
        email: `${target.user.username}@example.com`,
        role: "user",
        ...fields,
      });
    expect((await edit({ firstName: "Ada" })).status).toBe(200);
    expect((await edit({ firstName: "Ada" })).status).toBe(200); // nothing changed: no entry
    expect((await edit({ firstName: "Ada", role: "moderator" })).status).toBe(200);

    const entries = await entriesAbout("member", target.user.id);
    expect(entries.map(({ action, changes }) => ({ action, changes }))).toEqual([
      { action: "member.role", changes: [{ field: "role", before: "user", after: "moderator" }] },
      { action: "member.edit", changes: [{ field: "firstName", before: null, after: "Ada" }] },
    ]);
  });

  it("leaves no entry (and no change) when the action is refused", async () => {
    const target = await member("refused");
    const taken = await member("taken");
    const before = await countRows();
    const res = await admin.put(`/api/admin/users/${target.user.id}`, {
      username: taken.user.username,
      email: `${target.user.username}@example.com`,
      role: "admin",
    });
    expect(res.status).toBe(409);
    expect(await countRows()).toBe(before);
    const row = await forum.db
      .selectFrom("users")
      .select(["username", "role"])
      .where("id", "=", target.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ username: target.user.username, role: "user" });
  });

  it("records a reset link without the link, and a deletion", async () => {
    const target = await member("reset");
    const reset = await admin.post(`/api/admin/users/${target.user.id}/reset-link`);
    expect(reset.status).toBe(200);
    const link = String(reset.body.link);
    expect(link).toContain("token=");
    expect((await admin.del(`/api/admin/users/${target.user.id}`)).status).toBe(200);

    const entries = await entriesAbout("member", target.user.id);
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ["member.delete", { content: "delete" }],
      ["member.reset-link", { sentBy: "link" }],
    ]);
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(JSON.stringify(entries)).not.toContain(token);
  });
});

describe("what admins do to members' tokens", () => {
  it("records a revoked API token by its name, never its secret", async () => {
    const owner = await member("scripted");
    const made = await owner.post("/api/users/me/tokens", { name: "nightly", scope: "read", expiresInDays: "never" });
    expect(made.status).toBe(201);
    expect((await admin.del(`/api/admin/tokens/${made.body.id}`)).status).toBe(200);
    const entries = await entriesAbout("member", owner.user.id);
    expect(entries).toMatchObject([
      { action: "member.token-revoke", details: { tokenId: made.body.id, token: "nightly" } },
    ]);
    expect(JSON.stringify(entries)).not.toContain(made.body.token);
  });
});

describe("what staff do to posts and replies", () => {
  it("records a moderator's edit of someone else's post with its changes, and pins and locks", async () => {
    const author = await member("author");
    const post = (await author.post("/api/posts", { title: "Original", content: "First words", categoryId })).body;
    const edit = (who: Client, fields: Record<string, unknown>) =>
      who.put(`/api/posts/${post.id}`, { title: post.title, content: "First words", categoryId, ...fields });

    expect((await edit(author, { content: "Author's own edit" })).status).toBe(200); // the author's: no entry
    expect((await edit(moderator, { content: "Moderated words", pinned: true, locked: true })).status).toBe(200);
    expect((await edit(moderator, { content: "Moderated words", pinned: false, locked: true })).status).toBe(200);

    const entries = await entriesAbout("post", post.id);
    expect(entries.map((entry) => entry.action)).toEqual(["post.unpin", "post.edit", "post.lock", "post.pin"]);
    expect(entries.find((entry) => entry.action === "post.edit")).toMatchObject({
      actor: { id: moderator.user.id },
      targetLabel: "Original",
      changes: [{ field: "content", before: "Author's own edit", after: "Moderated words" }],
    });
  });

  it("records the deletion of someone else's reply and post, not an author's own", async () => {
    const author = await member("writer");
    const post = (await author.post("/api/posts", { title: "To be removed", content: "Body", categoryId })).body;
    const own = (await author.post(`/api/posts/${post.id}/replies`, { content: "My own reply" })).body;
    const other = (await author.post(`/api/posts/${post.id}/replies`, { content: "Removed by a moderator" })).body;
    expect((await author.del(`/api/replies/${own.id}`)).status).toBe(200);
    expect((await moderator.del(`/api/replies/${other.id}`)).status).toBe(200);
    expect((await moderator.del(`/api/posts/${post.id}`)).status).toBe(200);

    expect(await entriesAbout("reply", own.id)).toEqual([]);
    expect(await entriesAbout("reply", other.id)).toMatchObject([
      { action: "reply.delete", targetLabel: "Removed by a moderator", details: { postId: post.id } },
    ]);
    expect(await entriesAbout("post", post.id)).toMatchObject([
      { action: "post.delete", targetLabel: "To be removed" },
    ]);
  });

  it("records reports handled, and the ban of their author as a ban too", async () => {
    const author = await member("spammer");
    const reporter = await member("reporter");
    const spam = await insertPost(forum.db, { authorId: author.user.id, categoryId, title: "Buy now" });
    expect((await reporter.post("/api/reports", { postId: spam.id, reason: "Spam" })).status).toBe(201);
    const resolved = await admin.post("/api/admin/reports/resolve", { postId: spam.id, action: "ban" });
    expect(resolved.status).toBe(200);

    expect(await entriesAbout("post", spam.id)).toMatchObject([
      { action: "report.ban", targetLabel: "Buy now", details: { reports: 1 } },
    ]);
    expect(await entriesAbout("member", author.user.id)).toMatchObject([
      { action: "member.ban", targetLabel: author.user.username, details: { reason: "report" } },
    ]);
  });
});

describe("what admins change in the forum", () => {
  it("records categories, ads and settings with their before and after", async () => {
    const created = await admin.post("/api/categories", { name: "Databases", description: "SQL and more" });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await admin.put(`/api/categories/${id}`, { name: "Data stores", description: "SQL and more" })).status,
    ).toBe(200);
    expect((await admin.del(`/api/categories/${id}`)).status).toBe(200);
    const categoryEntries = await entriesAbout("category", id);
    expect(categoryEntries.map((entry) => entry.action)).toEqual([
      "category.delete",
      "category.edit",
      "category.create",
    ]);
    expect(categoryEntries[1]?.changes).toEqual([{ field: "name", before: "Databases", after: "Data stores" }]);
    expect(categoryEntries[0]).toMatchObject({ targetLabel: "Data stores" });

    const ad = await admin.post("/api/ads", { title: "Hosting", content: "Fast servers", type: "text" });
    expect(ad.status).toBe(201);
    expect(await entriesAbout("ad", ad.body.id)).toMatchObject([{ action: "ad.create", targetLabel: "Hosting" }]);

    expect((await admin.post("/api/forum-settings", { requireConfirmedEmail: true })).status).toBe(200);
    expect((await admin.post("/api/forum-settings", { requireConfirmedEmail: false })).status).toBe(200);
    const settings = (await logPage("?action=settings.forum")).entries;
    expect(settings.map((entry) => entry.changes)).toEqual([
      [{ field: "requireConfirmedEmail", before: 1, after: 0 }],
      [{ field: "requireConfirmedEmail", before: 0, after: 1 }],
    ]);
  });

  it("records a change of the site's name, and not a save that changes nothing", async () => {
    const before = (await admin.get("/api/site")).body.name as string;
    expect((await admin.post("/api/site", { name: "Logged Forum" })).status).toBe(200);
    expect((await admin.post("/api/site", { name: "Logged Forum" })).status).toBe(200);
    expect((await logPage("?action=settings.site")).entries).toMatchObject([
      { targetLabel: "Site settings", changes: [{ field: "name", before, after: "Logged Forum" }] },
    ]);
  });

  it("records a webhook without its signing secret", async () => {
    const created = await admin.post("/api/admin/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["post.created"],
    });
    expect(created.status).toBe(201);
    const entries = await entriesAbout("webhook", created.body.id);
    expect(entries).toMatchObject([{ action: "webhook.create", targetLabel: "http://127.0.0.1:9/hook" }]);
    expect(JSON.stringify(entries)).not.toContain(created.body.secret);
  });

  it("records a bulk import with its count, in the import's transaction", async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ["name", "description"],
        ["Imported one", "First"],
        ["Imported two", "Second"],
      ]),
      "Sheet1",
    );
    const file = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const { body, contentType } = await multipartBody({
      type: "categories",
      file: { name: "categories.xlsx", bytes: file },
    });
    const res = await forum.app.inject({
      method: "POST",
      url: "/api/bulk-upload",
      payload: body,
      headers: { "content-type": contentType, cookie: admin.jar.cookie ?? "" },
    });
    expect(res.statusCode).toBe(200);
    expect((await logPage("?action=import")).entries).toMatchObject([
      { action: "import", targetLabel: "categories", details: { rows: 2 }, actor: { id: admin.user.id } },
    ]);
  });
});

describe("what admins take out", () => {
  it("records a spreadsheet export with its type, format and rows", async () => {
    const res = await forum.app.inject({
      method: "GET",
      url: "/api/admin/export/categories?format=csv",
      headers: { cookie: admin.jar.cookie ?? "" },
    });
    expect(res.statusCode).toBe(200);
    const rows = Number(res.headers["x-export-rows"]);
    expect(rows).toBeGreaterThan(0);
    expect((await logPage("?action=export")).entries).toMatchObject([
      { targetType: "export", details: { type: "categories", format: "csv", rows }, actor: { id: admin.user.id } },
    ]);
  });
});

describe("reading the log", () => {
  it("pages newest first and filters by staff member", async () => {
    const first = await logPage("?limit=2");
    expect(first.entries).toHaveLength(2);
    expect(first.nextBefore).toBe(first.entries[1]?.id);
    const second = await logPage(`?limit=2&before=${first.nextBefore}`);
    expect(second.entries[0]?.id).toBeLessThan(first.entries[1]?.id ?? 0);

    const byModerator = await logPage(`?actorId=${moderator.user.id}&limit=200`);
    expect(byModerator.entries.length).toBeGreaterThan(0);
    expect(byModerator.entries.every((entry) => entry.actor?.id === moderator.user.id)).toBe(true);
    const ids = byModerator.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const actors = await admin.get("/api/admin/staff-log/actors");
    expect(actors.body).toEqual(
      expect.arrayContaining([
        { id: admin.user.id, username: "log-admin" },
        { id: moderator.user.id, username: "log-moderator" },
      ]),
    );
  });

  it("is for admins only, and nothing edits or deletes it", async () => {
    expect((await client(forum.app).get("/api/admin/staff-log")).status).toBe(401);
    expect((await moderator.get("/api/admin/staff-log")).status).toBe(403);
    const before = await countRows();
    expect([404, 405]).toContain((await admin.del("/api/admin/staff-log")).status);
    expect([404, 405]).toContain((await admin.put("/api/admin/staff-log", {})).status);
    expect(await countRows()).toBe(before);
  });
});
