// A member's sessions (issue 30): listed with their browser and system, this browser first, last
// use written at most once a minute; Sign out ends another session (its next request is signed
// out) and Sign out everywhere else all but this one. Only the member's own, and only from a
// browser: an API token is refused.
import { SESSION_MESSAGES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, insertUser, signedIn, startForum, type TestForum } from "./harness";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let forum: TestForum;
beforeAll(async () => {
  forum = await startForum();
});
afterAll(() => forum.close());

/** One member signed in from several browsers, each a client with its own cookie and User-Agent. */
async function browsersOf(...agents: string[]) {
  const user = await insertUser(forum.db, {});
  const browsers = [];
  for (const agent of agents) {
    const browser = client(forum.app);
    const login = await browser.post(
      "/api/login",
      { username: user.username, password: user.password },
      { "user-agent": agent },
    );
    expect(login.status).toBe(200);
    browsers.push(browser);
  }
  return { user, browsers };
}

const sessionsOf = async (browser: ReturnType<typeof client>) => (await browser.get("/api/users/me/sessions")).body;

describe("the sessions list", () => {
  it("names each session's browser and system, this browser first, then the most recently used", async () => {
    const { browsers } = await browsersOf(FIREFOX_LINUX, SAFARI_IPHONE, CHROME_WINDOWS);
    const [laptop, phone] = browsers;
    if (!laptop || !phone) throw new Error("no browsers");
    await phone.get("/api/user");
    const listed = await sessionsOf(laptop);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ browser: "Firefox", platform: "Linux", current: true });
    expect(
      listed
        .slice(1)
        .map((s: { browser: string; platform: string }) => `${s.browser} on ${s.platform}`)
        .sort(),
    ).toEqual(["Chrome on Windows", "Safari on iOS"]);
    expect(listed.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    for (const session of listed) {
      expect(session.id).toMatch(/^[0-9a-f]{16}$/);
      expect(Date.parse(session.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The database's keys and the cookies' tokens are never shown.
    const keys = await forum.db.selectFrom("sessions").select("id").execute();
    for (const { id } of keys) expect(JSON.stringify(listed)).not.toContain(id.slice(0, 16));
  });

  it("writes last use at most once a minute per session", async () => {
    const { user, browsers } = await browsersOf(SAFARI_IPHONE);
    const [phone] = browsers;
    if (!phone) throw new Error("no browser");
    const lastSeen = async () =>
      (
        await forum.db
          .selectFrom("sessions")
          .select("lastSeenAt")
          .where("userId", "=", user.id)
          .executeTakeFirstOrThrow()
      ).lastSeenAt;
    const first = Number(await lastSeen());
    await phone.get("/api/user");
    await phone.get("/api/users/me/preferences");
    expect(Number(await lastSeen())).toBe(first);
    // A minute later (the row moved back rather than the clock forward), the next request writes it.
    await forum.db
      .updateTable("sessions")
      .set({ lastSeenAt: first - 61_000 })
      .where("userId", "=", user.id)
      .execute();
    await phone.get("/api/user");
    expect(Number(await lastSeen())).toBeGreaterThanOrEqual(first);
  });
});

describe("signing sessions out", () => {
  it("Sign out ends another session: its next request is signed out", async () => {
    const { browsers } = await browsersOf(FIREFOX_LINUX, SAFARI_IPHONE);
    const [laptop, phone] = browsers;
    if (!laptop || !phone) throw new Error("no browsers");
    const phoneSession = (await sessionsOf(laptop)).find((s: { current: boolean }) => !s.current);
    expect(await laptop.del(`/api/users/me/sessions/${phoneSession.id}`)).toMatchObject({
      status: 200,
      body: { message: SESSION_MESSAGES.signedOut },
    });
    expect((await phone.get("/api/users/me/sessions")).status).toBe(401);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect(await sessionsOf(laptop)).toHaveLength(1);
    // Gone: a second time is 404.
    expect((await laptop.del(`/api/users/me/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it("Sign out everywhere else keeps only this browser", async () => {
    const { browsers } = await browsersOf(FIREFOX_LINUX, SAFARI_IPHONE, CHROME_WINDOWS);
    const [laptop, ...others] = browsers;
    if (!laptop) throw new Error("no browser");
    expect(await laptop.del("/api/users/me/other-sessions")).toMatchObject({
      status: 200,
      body: { message: SESSION_MESSAGES.signedOutOthers, count: 2 },
    });
    for (const other of others) expect((await other.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/api/user")).status).toBe(200);
    expect(await sessionsOf(laptop)).toMatchObject([{ current: true }]);
  });

  it("signing out this browser's own session clears its cookie", async () => {
    const { browsers } = await browsersOf(FIREFOX_LINUX);
    const [laptop] = browsers;
    if (!laptop) throw new Error("no browser");
    const [own] = await sessionsOf(laptop);
    const ended = await laptop.del(`/api/users/me/sessions/${own.id}`);
    expect(ended.status).toBe(200);
    expect(String(ended.headers["set-cookie"])).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await laptop.get("/api/user")).status).toBe(401);
  });

  it("another member's session is not found; a malformed id is refused; an API token may not list or end sessions", async () => {
    const { browsers } = await browsersOf(FIREFOX_LINUX);
    const [theirs] = browsers;
    if (!theirs) throw new Error("no browser");
    const [their] = await sessionsOf(theirs);
    const member = await signedIn(forum);
    expect(await member.del(`/api/users/me/sessions/${their.id}`)).toMatchObject({
      status: 404,
      body: { message: SESSION_MESSAGES.notFound },
    });
    expect((await member.del("/api/users/me/sessions/not-an-id")).status).toBe(400);
    expect((await theirs.get("/api/user")).status).toBe(200);
    const token = (await member.post("/api/users/me/tokens", { name: "bot", scope: "write", expiresInDays: "30" })).body
      .token;
    const bot = client(forum.app);
    expect((await bot.get("/api/users/me/sessions", { authorization: `Bearer ${token}` })).status).toBe(403);
    expect((await bot.del("/api/users/me/other-sessions", { authorization: `Bearer ${token}` })).status).toBe(403);
    expect((await member.get("/api/user")).status).toBe(200);
  });
});
