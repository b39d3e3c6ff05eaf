// Changing one's address (issue 28), against a real SMTP server: the new address gets a link, the
// old one a notice; the account keeps its address until the link is opened (once, within 24 hours);
// an address another account took meanwhile is refused; cancel and resend; an admin's change in
// User Management takes effect at once. The clock is injected and moved, never waited for.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Client, client, signedIn, startForum, type TestForum } from "./harness";
import { mailedToken, sendingTo, startSmtp, type TestSmtp } from "./smtp";

const CONFIRM_LINK = /https:\/\/forum\.example\.com\/confirm-email\?token=(forum_confirm_[A-Za-z0-9_-]+)/;
const INVALID = "This confirmation link is not valid any more. Sign in and send a new one.";

let smtp: TestSmtp;
let forum: TestForum;
let now: number;
let member: Client & { user: { id: number; username: string; password: string } };

beforeEach(async () => {
  now = Date.parse("2026-11-30T09:00:00Z");
  smtp = await startSmtp();
  forum = await startForum({ clock: () => now, ...sendingTo(smtp) });
  member = await signedIn(forum, { username: "petra", email: "petra@old.example.com" });
});
afterEach(async () => {
  await forum?.close();
  await smtp.close();
});

const changeTo = (email: string, who = member) => who.put(`/api/users/${who.user.id}`, { email, bio: "Hello" });
const confirm = (token: string) => client(forum.app).post("/api/email/confirm", { token });
const me = async () => (await member.get("/api/user")).body;

describe("a member changing their address", () => {
  it("mails the link to the new address and a notice to the old one; the address changes once confirmed", async () => {
    const asked = await changeTo("petra@new.example.com");
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email: "petra@old.example.com", pendingEmail: "petra@new.example.com" });
    expect(asked.body.bio).toBe("Hello");

    await forum.app.services.mail.sender?.sendDue();
    const mails = await smtp.waitFor(2);
    const link = mails.find((mail) => mail.envelopeTo.includes("petra@new.example.com"));
    const notice = mails.find((mail) => mail.envelopeTo.includes("petra@old.example.com"));
    expect(link?.subject).toBe("[Tech Forum] Confirm your new email address");
    const token = CONFIRM_LINK.exec(link?.text ?? "")?.[1] as string;
    expect(token).toBeTruthy();
    expect(link?.html).toContain(`href="https://forum.example.com/confirm-email?token=${token}"`);
    expect(notice?.subject).toBe("[Tech Forum] Your email address is being changed");
    expect(notice?.text).toContain("is being changed to petra@new.example.com");
    expect(notice?.text).toContain("If this wasn't you");
    expect(notice?.html).toContain("petra@new.example.com");
    expect(notice?.text).not.toMatch(/forum_confirm_/);
    // Only the hash of the link's token is stored.
    const stored = await forum.db.selectFrom("mail_tokens").select(["tokenHash", "email"]).execute();
    expect(stored).toEqual([{ tokenHash: expect.not.stringContaining(token), email: "petra@new.example.com" }]);

    // Nothing changes until the link is opened: sign-in (by username) and the address stay.
    expect(await me()).toMatchObject({ email: "petra@old.example.com", pendingEmail: "petra@new.example.com" });
    const row = () => forum.db.selectFrom("users").select(["email", "pendingEmail", "emailConfirmedAt"]);
    expect(await row().where("id", "=", member.user.id).executeTakeFirst()).toMatchObject({
      email: "petra@old.example.com",
    });

    now += 60_000;
    expect(await confirm(token)).toMatchObject({ status: 200, body: { message: "Your email address is confirmed." } });
    expect(await row().where("id", "=", member.user.id).executeTakeFirst()).toEqual({
      email: "petra@new.example.com",
      pendingEmail: null,
      emailConfirmedAt: now,
    });
    expect(await me()).toMatchObject({ email: "petra@new.example.com", pendingEmail: null, emailConfirmed: true });
    expect(await confirm(token)).toMatchObject({ status: 400, body: { message: INVALID } });

    // Sign-in is by username: it still works after the change, and the new address is the account's.
    const again = client(forum.app);
    const login = await again.post("/api/login", { username: "petra", password: member.user.password });
    expect(login.status).toBe(200);
    expect((await again.get("/api/user")).body.email).toBe("petra@new.example.com");
  });

  it("refuses the link once another account took the address meanwhile, and drops the change", async () => {
    // An address that is only someone's pending one may still be registered or asked for.
    expect((await changeTo("shared@example.com")).status).toBe(200);
    const other = await signedIn(forum, { username: "quentin" });
    expect((await changeTo("shared@example.com", other)).status).toBe(200);
    const registered = await client(forum.app).post("/api/register", {
      username: "rita",
      email: "shared@example.com",
      password: "a-long-password-1",
    });
    expect(registered.status).toBe(201);
    const token = await mailedToken(forum, smtp, 1, CONFIRM_LINK);
    expect(await confirm(token)).toMatchObject({
      status: 409,
      body: { message: "That email address is already registered" },
    });
    expect(await me()).toMatchObject({ email: "petra@old.example.com", pendingEmail: null });
    // An address that is some account's own is refused when asked for.
    expect(await changeTo("SHARED@example.com")).toMatchObject({
      status: 409,
      body: { message: "That email address is already registered" },
    });
  });

  it("refuses a link after 24 hours; resend replaces it; cancel stops it", async () => {
    await changeTo("petra@new.example.com");
    await forum.app.services.mail.sender?.sendDue();
    const [mailed] = (await smtp.waitFor(2)).filter((mail) => mail.envelopeTo.includes("petra@new.example.com"));
    const first = CONFIRM_LINK.exec(mailed?.text ?? "")?.[1] as string;
    const resent = await member.post("/api/email/resend");
    expect(resent).toMatchObject({
      status: 200,
      body: { message: "We have sent a confirmation link to petra@new.example.com." },
    });
    const second = await mailedToken(forum, smtp, 3, CONFIRM_LINK);
    expect(smtp.received[2]?.envelopeTo).toEqual(["petra@new.example.com"]);
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(400);

    now += 24 * 60 * 60_000;
    expect((await confirm(second)).status).toBe(400);
    expect(await me()).toMatchObject({ email: "petra@old.example.com", pendingEmail: "petra@new.example.com" });

    await member.post("/api/email/resend");
    const third = await mailedToken(forum, smtp, 4, CONFIRM_LINK);
    expect(await member.del("/api/email/pending")).toMatchObject({
      status: 200,
      body: { message: "The change of email address is cancelled." },
    });
    expect((await confirm(third)).status).toBe(400);
    expect(await me()).toMatchObject({ email: "petra@old.example.com", pendingEmail: null });
    expect(await member.del("/api/email/pending")).toMatchObject({
      status: 409,
      body: { message: "There is no change of email address waiting for confirmation." },
    });
  });

  it("leaves the address alone when the form sends the current one", async () => {
    expect((await changeTo("petra@old.example.com")).body.pendingEmail).toBeNull();
    expect(await forum.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });

  it("lets an admin set a member's address at once, counted as confirmed, without mail", async () => {
    await changeTo("petra@new.example.com");
    const admin = await signedIn(forum, { role: "admin" });
    const mailsBefore = (await forum.db.selectFrom("mail_outbox").select("id").execute()).length;
    const set = await admin.put(`/api/admin/users/${member.user.id}`, {
      username: "petra",
      email: "petra@admin.example.com",
      role: "user",
    });
    expect(set).toMatchObject({ status: 200, body: { email: "petra@admin.example.com" } });
    expect(await me()).toMatchObject({ email: "petra@admin.example.com", pendingEmail: null, emailConfirmed: true });
    expect((await forum.db.selectFrom("mail_outbox").select("id").execute()).length).toBe(mailsBefore);
  });
});
