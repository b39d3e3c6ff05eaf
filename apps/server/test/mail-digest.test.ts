// The weekly digest, against a real SMTP server: at the admin's day and hour, each member with the
// switch on and a confirmed address gets the week's most active discussions they have not joined
// (up to 10), once per week however many instances look, and nobody with nothing to show. The
// clock is injected and moved, never waited for.
import { DIGEST_ITEMS, latestDigestTime } from "@forum/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { insertCategory, insertPost, insertUser, signedIn, startForum, type TestForum } from "./harness";
import { headerOf, sendingTo, startSmtp, type TestSmtp, unsubscribeUrlOf } from "./smtp";

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

let smtp: TestSmtp;
let forum: TestForum;
let now: number;

type Member = { id: number; username: string };

/** A member; `digest` turns Weekly Digest on; confirmed unless told otherwise. */
async function memberWith(options: { digest?: boolean; confirmed?: boolean; banned?: boolean } = {}): Promise<Member> {
  const user = await insertUser(forum.db, { banned: options.banned ?? false });
  await forum.db
    .updateTable("users")
    .set({
      emailConfirmedAt: options.confirmed === false ? null : now,
      preferences: options.digest ? JSON.stringify({ weeklyDigest: true }) : null,
    })
    .where("id", "=", user.id)
    .execute();
  return user;
}

/**
 * A week of activity: 12 discussions started by `poster`, the last one also replied to by
 * `replier`; then the digest is scheduled for the next full hour (UTC) and the clock set just past it.
 */
async function week() {
  const categoryId = await insertCategory(forum.db);
  const poster = await memberWith({ digest: true });
  const replier = await signedIn(forum);
  await forum.db
    .updateTable("users")
    .set({ emailConfirmedAt: now, preferences: JSON.stringify({ weeklyDigest: true }) })
    .where("id", "=", replier.user.id)
    .execute();
  const posts = [];
  for (let i = 1; i <= 12; i++) {
    const title = `Topic ${String(i).padStart(2, "0")}`;
    posts.push(await insertPost(forum.db, { authorId: poster.id, categoryId, title, content: `All about ${title}` }));
  }
  const busiest = posts[posts.length - 1] as { id: number; slug: string };
  expect((await replier.post(`/api/posts/${busiest.id}/replies`, { content: "Me too" })).status).toBe(201);
  const admin = await signedIn(forum, { role: "admin" });
  const at = Math.ceil((Date.now() + 1) / HOUR) * HOUR;
  const schedule = { digestWeekday: new Date(at).getUTCDay() || 7, digestHour: new Date(at).getUTCHours() };
  const saved = await admin.put("/api/admin/mail/digest-schedule", schedule);
  expect(saved).toMatchObject({ status: 200, body: { ...schedule, timeZone: "UTC" } });
  expect((await admin.get("/api/admin/mail/digest-schedule")).body).toEqual({ ...schedule, timeZone: "UTC" });
  return { poster, replier: replier.user, posts, busiest, at };
}

async function digestsQueued(): Promise<{ userId: number | null; toAddress: string }[]> {
  return forum.db
    .selectFrom("mail_outbox")
    .select(["userId", "toAddress"])
    .where("kind", "=", "digest")
    .orderBy("userId")
    .execute();
}

describe("weekly digest", () => {
  beforeEach(async () => {
    now = Date.now();
    smtp = await startSmtp();
    forum = await startForum({ clock: () => now, ...sendingTo(smtp) });
  });
  afterEach(async () => {
    await forum.close();
    await smtp.close();
  });

  it("mails each member with the switch on their week's unjoined discussions, once, across two instances", async () => {
    const { poster, replier, busiest, at } = await week();
    const reader = await memberWith({ digest: true });
    await memberWith();
    await memberWith({ digest: true, confirmed: false });
    await memberWith({ digest: true, banned: true });

    // Not before its hour.
    now = at - 60_000;
    expect((await forum.app.services.mail.jobs.runDue()).digests).toBe(0);

    now = at + 60_000;
    const second = await forum.startInstance();
    const runs = await Promise.all([forum.app.services.mail.jobs.runDue(), second.services.mail.jobs.runDue()]);
    expect(runs.reduce((sum, run) => sum + run.digests, 0)).toBe(2);
    // Both instances again, and one started afresh (a restart): nothing more this week.
    const third = await forum.startInstance();
    for (const app of [forum.app, second, third]) expect((await app.services.mail.jobs.runDue()).digests).toBe(0);
    now = at + 3 * 24 * HOUR;
    expect((await third.services.mail.jobs.runDue()).digests).toBe(0);
    // The poster started every discussion: nothing to show, no mail.
    expect((await digestsQueued()).map((mail) => mail.userId)).toEqual([replier.id, reader.id]);

    await forum.app.services.mail.sender?.sendDue();
    const mails = await smtp.waitFor(2);
    const readerMail = mails.find((mail) => mail.envelopeTo[0] === `${reader.username}@example.com`);
    const replierMail = mails.find((mail) => mail.envelopeTo[0] === `${replier.username}@example.com`);
    expect(readerMail?.subject).toBe("[Tech Forum] This week's most active discussions");
    // The most active first (a reply this week), then the newest; at most 10.
    const titles = (text: string | undefined) => [...(text ?? "").matchAll(/^Topic \d+$/gm)].map((match) => match[0]);
    expect(titles(readerMail?.text)).toEqual([
      "Topic 12",
      "Topic 11",
      "Topic 10",
      "Topic 09",
      "Topic 08",
      "Topic 07",
      "Topic 06",
      "Topic 05",
      "Topic 04",
      "Topic 03",
    ]);
    expect(titles(readerMail?.text)).toHaveLength(DIGEST_ITEMS);
    expect(readerMail?.text).toContain(`by @${poster.username}, 1 reply this week`);
    expect(readerMail?.text).toContain("All about Topic 12");
    expect(readerMail?.text).toContain(`https://forum.example.com/posts/${busiest.slug}`);
    expect(readerMail?.html).toContain(`href="https://forum.example.com/posts/${busiest.slug}"`);
    expect(readerMail?.html).toContain("<strong>Topic 12</strong>");
    // The replier is not shown the discussion they joined.
    expect(titles(replierMail?.text)[0]).toBe("Topic 11");
    expect(replierMail?.text).not.toContain("Topic 12");
    for (const mail of [readerMail, replierMail]) {
      expect(headerOf(mail, "Auto-Submitted")).toBe("auto-generated");
      expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    }

    // Its one-click link turns the digest off, and only the digest.
    const link = new URL(unsubscribeUrlOf(readerMail));
    const done = await forum.app.inject({
      method: "POST",
      url: `${link.pathname}${link.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.body).toContain("You will no longer get the weekly digest.");
    const stored = await forum.db
      .selectFrom("users")
      .select("preferences")
      .where("id", "=", reader.id)
      .executeTakeFirst();
    expect(JSON.parse(stored?.preferences ?? "{}")).toMatchObject({ weeklyDigest: false, emailNotifications: true });

    // The next week had no activity: the run happens, nobody has anything to show.
    now = at + WEEK + 60_000;
    expect((await second.services.mail.jobs.runDue()).digests).toBe(0);
    const weeks = await forum.db.selectFrom("periodic_runs").select(["job", "finishedAt"]).execute();
    expect(weeks).toEqual([
      { job: "digest", finishedAt: expect.anything() },
      { job: "digest", finishedAt: expect.anything() },
    ]);
  });

  it("finishes a run an instance left half done, without mailing its first members again", async () => {
    const { replier, at } = await week();
    const reader = await memberWith({ digest: true });
    now = at + 60_000;
    const { period } = latestDigestTime(now, new Date(at).getUTCDay() || 7, new Date(at).getUTCHours(), "UTC");
    // An instance mailed every member up to the replier, then stopped.
    await forum.db
      .insertInto("periodic_runs")
      .values({ job: "digest", period, startedAt: at, cursor: replier.id })
      .execute();
    expect((await forum.app.services.mail.jobs.runDue()).digests).toBe(1);
    expect((await digestsQueued()).map((mail) => mail.userId)).toEqual([reader.id]);
  });

  it("sends nothing for a week whose hour passed more than a day before the forum looked", async () => {
    const { at } = await week();
    await memberWith({ digest: true });
    now = at + 25 * HOUR;
    expect((await forum.app.services.mail.jobs.runDue()).digests).toBe(0);
    expect(await forum.db.selectFrom("periodic_runs").select("job").execute()).toEqual([]);
  });
});

describe("the digest's time", () => {
  it("is the admin's weekday and hour in the forum's time zone, and its run is named by the ISO week", () => {
    // Monday 30 November 2026, 09:00 in Paris is 08:00 UTC.
    const monday9Paris = Date.parse("2026-11-30T08:00:00Z");
    expect(latestDigestTime(monday9Paris, 1, 9, "Europe/Paris")).toEqual({ at: monday9Paris, period: "2026-W49" });
    expect(latestDigestTime(monday9Paris - 1, 1, 9, "Europe/Paris")).toEqual({
      at: monday9Paris - 7 * 24 * HOUR,
      period: "2026-W48",
    });
    // Across the change to summer time: Monday 30 March 2026, 09:00 in Paris is 07:00 UTC.
    expect(latestDigestTime(Date.parse("2026-04-01T00:00:00Z"), 1, 9, "Europe/Paris").at).toBe(
      Date.parse("2026-03-30T07:00:00Z"),
    );
    // Sunday 3 January 2027 belongs to the last ISO week of 2026.
    expect(latestDigestTime(Date.parse("2027-01-03T23:00:00Z"), 7, 22, "UTC").period).toBe("2026-W53");
  });

  it("reads FORUM_TIME_ZONE, UTC by default, and refuses an unknown zone", () => {
    expect(loadConfig({}, "/srv").timeZone).toBe("UTC");
    expect(loadConfig({ FORUM_TIME_ZONE: "Europe/Paris" }, "/srv").timeZone).toBe("Europe/Paris");
    expect(() => loadConfig({ FORUM_TIME_ZONE: "Mars/Olympus" }, "/srv")).toThrow(
      /FORUM_TIME_ZONE: must be a time zone/,
    );
  });
});
