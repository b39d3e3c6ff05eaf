// Screens that only send the reader elsewhere are answered by the server with the redirect itself
// (issue 25): a member opening /auth got an empty page with status 200 and was sent on by the app
// seconds later, once its scripts had run. The admin area's access rule answers the same way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signedIn, startForum, type TestForum } from "./harness";
import { requireWebBuild } from "./webBuild";

let forum: TestForum;
beforeAll(async () => {
  forum = await startForum({ webDistDir: requireWebBuild() });
});
afterAll(() => forum.close());

type Browser = ReturnType<typeof client>;

async function redirectOf(browser: Browser, url: string) {
  const res = await browser.get(url);
  return { status: res.status, location: res.headers.location, body: res.body };
}

describe("the login screen", () => {
  it("is a page for a visitor", async () => {
    const res = await client(forum.app).get("/auth");
    expect(res.status).toBe(200);
    expect(res.body).toContain("Join the discussion");
  });

  it("redirects a signed-in member at once, to the page they came from or home", async () => {
    const member = await signedIn(forum);
    expect(await redirectOf(member, "/auth")).toEqual({ status: 302, location: "/", body: "" });
    expect(await redirectOf(member, "/login")).toMatchObject({ status: 302, location: "/" });
    expect(await redirectOf(member, "/login?next=%2Ftrending%3Frange%3Dmonth&reason=vote")).toMatchObject({
      status: 302,
      location: "/trending?range=month",
    });
    const res = await member.get("/auth");
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it("never redirects off the site nor writes a line break into the header", async () => {
    const member = await signedIn(forum);
    for (const next of ["/a/..//evil.example", "/%5Cevil.example", "/%09/evil.example"]) {
      const { status, location } = await redirectOf(member, `/login?next=${encodeURIComponent(next)}`);
      expect(status).toBe(302);
      expect(location).toMatch(/^\/(?!\/)/);
      expect(new URL(String(location), "http://forum.test").host).toBe("forum.test");
    }
    const injected = await redirectOf(member, `/login?next=${encodeURIComponent("/x\r\nSet-Cookie: stolen=1")}`);
    expect(injected.status).toBe(302);
    expect(String(injected.location)).not.toMatch(/[\r\n]/);
  });
});

describe("the admin area", () => {
  it("sends visitors and members home", async () => {
    expect(await redirectOf(client(forum.app), "/admin")).toMatchObject({ status: 302, location: "/" });
    const member = await signedIn(forum);
    expect(await redirectOf(member, "/admin/ads")).toMatchObject({ status: 302, location: "/" });
  });

  it("sends moderators to their first screen from an admin's screen", async () => {
    const moderator = await signedIn(forum, { role: "moderator" });
    expect(await redirectOf(moderator, "/admin")).toMatchObject({ status: 302, location: "/admin/reports" });
    expect(await redirectOf(moderator, "/admin/user-management")).toMatchObject({
      status: 302,
      location: "/admin/reports",
    });
    expect((await moderator.get("/admin/posts")).status).toBe(200);
  });

  it("sends an admin from an unknown address to the dashboard, and shows the screens", async () => {
    const admin = await signedIn(forum, { role: "admin" });
    expect(await redirectOf(admin, "/admin/no-such-screen")).toMatchObject({ status: 302, location: "/admin" });
    for (const url of ["/admin", "/admin/dashboard", "/admin/ads", "/admin/reports"]) {
      expect((await admin.get(url)).status, url).toBe(200);
    }
  });
});
