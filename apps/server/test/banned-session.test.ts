// A member banned while signed in is told so (issue 25): their sessions stop working at once, and
// the first page (or auth.me) each session asks for says "Your account has been banned" and signs
// it out, instead of silently turning the member into a visitor.
import { MESSAGES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedIn, startForum, type TestForum } from "./harness";
import { requireWebBuild } from "./webBuild";

let forum: TestForum;
let admin: Client;
let categoryId: number;
beforeAll(async () => {
  forum = await startForum({ webDistDir: requireWebBuild() });
  admin = await signedIn(forum, { role: "admin" });
  categoryId = (await admin.post("/api/categories", { name: "Bans", description: "Ban tests", color: "#3b82f6" })).body
    .id;
});
afterAll(() => forum.close());

async function ban(member: Awaited<ReturnType<typeof signedIn>>) {
  expect((await admin.put(`/api/admin/users/${member.user.id}/ban`, { banned: true })).status).toBe(200);
}

const sessionsOf = (userId: number) =>
  forum.db.selectFrom("sessions").select("id").where("userId", "=", userId).execute();

describe("a member banned while signed in", () => {
  it("is refused every write at once, and nothing is written", async () => {
    const member = await signedIn(forum);
    await ban(member);
    const post = await member.post("/api/posts", { title: "After the ban", content: "No", categoryId });
    expect(post).toMatchObject({ status: 403, body: { message: MESSAGES.banned } });
    const rows = await forum.db.selectFrom("posts").select("id").where("authorId", "=", member.user.id).execute();
    expect(rows).toEqual([]);
  });

  it("is told on the next auth.me, which signs the session out; the one after is a visitor's", async () => {
    const member = await signedIn(forum);
    await ban(member);
    const told = await member.get("/api/user");
    expect(told).toMatchObject({ status: 401, body: { message: MESSAGES.banned } });
    expect(String(told.headers["set-cookie"])).toMatch(/forum_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(member.jar.cookie).toBeUndefined();
    expect(await member.get("/api/user")).toMatchObject({ status: 401, body: { message: MESSAGES.notSignedIn } });
  });

  it("is told on the next page, which the server renders with the notice, and signs the session out", async () => {
    const member = await signedIn(forum);
    expect((await member.get("/")).body).not.toContain(MESSAGES.banned);
    await ban(member);
    const page = await member.get("/");
    expect(page.status).toBe(200);
    expect(page.body).toContain(`role="alert"`);
    expect(page.body).toContain("Your account has been banned");
    expect(page.body).toContain(`mantine-Button-label">Login</span>`);
    expect(String(page.headers["set-cookie"])).toMatch(/forum_session=;/);
    expect(member.jar.cookie).toBeUndefined();
    // Told once: the next page is a visitor's, without the notice.
    expect((await member.get("/")).body).not.toContain("Your account has been banned");
  });

  it("signs in again after an unban, the sessions from before the ban being gone", async () => {
    const member = await signedIn(forum);
    await ban(member);
    expect(await sessionsOf(member.user.id)).toHaveLength(1);
    expect((await admin.put(`/api/admin/users/${member.user.id}/ban`, { banned: false })).status).toBe(200);
    expect(await sessionsOf(member.user.id)).toHaveLength(0);
    expect(await member.get("/api/user")).toMatchObject({ status: 401, body: { message: MESSAGES.notSignedIn } });
    const login = await member.post("/api/login", { username: member.user.username, password: member.user.password });
    expect(login.status).toBe(200);
    expect((await member.get("/api/user")).status).toBe(200);
  });
});
