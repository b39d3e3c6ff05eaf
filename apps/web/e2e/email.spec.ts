// Email in the browser, against a forum of its own that sends through a real SMTP server started
// here (smtp-server; mail parsed with mailparser): forgot password → the mail → the link → a new
// password → signed in. Its own forum (port E2E_PORT + 1) because the shared ones send no mail.
import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { ADMIN, fillLogin, login, openReady, snap } from "./helpers";
import { E2E_PORT } from "./ports";

const PORT = E2E_PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let forum: ChildProcess;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  forum = spawn(process.execPath, [join(import.meta.dirname, "start-server.mjs")], {
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(PORT),
      FORUM_PUBLIC_URL: BASE,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Tech Forum <forum@example.com>",
      FORUM_RATE_LIMITS: "off",
      // Notification mail without the 10-minute wait: the mail jobs' next look (every 30 s) sends it.
      FORUM_EMAIL_NOTIFY_DELAY_SECONDS: "0",
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${BASE}/api/categories`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  forum?.kill("SIGTERM");
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test("forgot password: the mailed link sets a new password and signs in", async ({ page }) => {
  const username = `reset${Date.now().toString(36)}`;
  const registered = await page.request.post(`${BASE}/api/register`, {
    data: { username, email: `${username}@example.com`, password: "old-password-1" },
    headers: { origin: BASE },
  });
  expect(registered.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto(`${BASE}/login`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(`${BASE}/forgot-password`);
  await page.getByLabel("Username or email").fill(`${username}@example.com`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If an account matches, we have sent a link to reset the password.")).toBeVisible();

  await expect.poll(() => received.filter((mail) => mail.subject?.includes("Reset")).length).toBe(1);
  const mail = received.find((one) => one.subject === "[Tech Forum] Reset your password");
  const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=\S+/.exec(mail?.text ?? "")?.[0];
  expect(link).toBeDefined();

  const opened = await page.goto(link as string);
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The token leaves the address bar.
  await expect(page).toHaveURL(`${BASE}/reset-password`);
  await page.getByLabel("New Password", { exact: true }).fill("new-password-2");
  await page.getByLabel("Confirm New Password").fill("new-password-2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  const me = await page.request.get(`${BASE}/api/user`);
  expect((await me.json()).username).toBe(username);

  // The link worked once.
  await page.goto(link as string);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("New Password", { exact: true }).fill("third-password-3");
  await page.getByLabel("Confirm New Password").fill("third-password-3");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This link to reset the password is not valid any more.").first()).toBeVisible();
});

test("without SMTP: an admin reads kept mail, links included, on the Mail screen", async ({ page }) => {
  // The shared forum (baseURL) has no SMTP_URL: its mail is kept, not sent.
  const username = `kept${Date.now().toString(36)}`;
  await page.request.post("/api/register", {
    data: { username, email: `${username}@example.com`, password: "kept-password-1" },
  });
  await page.context().clearCookies();
  await openReady(page, "/forgot-password");
  await page.getByLabel("Username or email").fill(username);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If an account matches, we have sent a link to reset the password.")).toBeVisible();

  await login(page, ADMIN.username, ADMIN.password);
  await openReady(page, "/admin/mail");
  await expect(page.getByText("SMTP is not configured")).toBeVisible();
  await page
    .locator("label")
    .filter({ hasText: /^kept$/ })
    .click();
  const mail = page.getByRole("article", { name: `[Tech Forum] Reset your password to ${username}@example.com` });
  await expect(mail).toBeVisible();
  await expect(mail.getByText("kept", { exact: true })).toBeVisible();
  await mail.getByText("Read").click();
  await expect(mail.getByText(/\/reset-password\?token=forum_reset_/)).toBeVisible();

  await page.getByLabel("Test address").fill("someone@example.org");
  await page.getByRole("button", { name: "Send test email" }).click();
  await expect(
    page.getByText("SMTP is not configured: the test email to someone@example.org is kept in the outbox"),
  ).toBeVisible();
  await expect(page.getByRole("article", { name: "[Tech Forum] Test email to someone@example.org" })).toBeVisible();
  await snap(page, "admin-mail-kept");
});

test("an admin sets the weekly digest's day and hour on the Mail screen", async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await openReady(page, "/admin/mail");
  await expect(page.getByText("(UTC, the forum's time zone)", { exact: false })).toBeVisible();
  await page.getByRole("combobox", { name: "Day" }).click();
  await page.getByRole("option", { name: "Friday" }).click();
  await page.getByRole("combobox", { name: "Hour" }).click();
  await page.getByRole("option", { name: "17:00", exact: true }).click();
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText("Weekly digest schedule saved")).toBeVisible();
  await openReady(page, "/admin/mail");
  await expect(page.getByRole("combobox", { name: "Day" })).toHaveValue("Friday");
  await expect(page.getByRole("combobox", { name: "Hour" })).toHaveValue("17:00");
  const saved = await (await page.request.get("/api/admin/mail/digest-schedule")).json();
  expect(saved).toEqual({ digestWeekday: 5, digestHour: 17, timeZone: "UTC" });
});

test("an unconfirmed member sees the banner, resends the link, and confirms from the mail", async ({ page }) => {
  const username = `confirm${Date.now().toString(36)}`;
  const registered = await page.request.post(`${BASE}/api/register`, {
    data: { username, email: `${username}@example.com`, password: "confirm-password-1" },
    headers: { origin: BASE },
  });
  expect(registered.status()).toBe(201);
  const confirmations = () => received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(username));
  await expect.poll(() => confirmations().length).toBe(1);

  await page.goto(`${BASE}/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const banner = page.locator("[data-unconfirmed-email]");
  await expect(banner).toContainText(`Please confirm your email address: we sent a link to ${username}@example.com.`);
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByText(`We have sent a confirmation link to ${username}@example.com.`).first()).toBeVisible();
  await expect.poll(() => confirmations().length).toBe(2);

  const link = /http:\/\/127\.0\.0\.1:\d+\/confirm-email\?token=\S+/.exec(confirmations()[1]?.text ?? "")?.[0];
  expect(link).toBeDefined();
  await page.goto(link as string);
  await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
  await page.goto(`${BASE}/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator("[data-unconfirmed-email]")).toHaveCount(0);
});

test("the admin's switch refuses an unconfirmed member's reply; a new address takes effect from its link", async ({
  page,
}) => {
  // The admin turns the rule on from the Mail screen.
  await fillLogin(page, ADMIN.username, ADMIN.password, `${BASE}/login`);
  await expect(page).toHaveURL(`${BASE}/`);
  await openReady(page, `${BASE}/admin/mail`);
  const rule = page.getByRole("switch", { name: "Members must confirm their email before posting" });
  await expect(rule).not.toBeChecked();
  await rule.click({ force: true });
  await expect(page.getByText("Forum settings updated successfully")).toBeVisible();
  await expect(rule).toBeChecked();
  await snap(page, "admin-forum-settings");
  await page.context().clearCookies();

  const username = `mover${Date.now().toString(36)}`;
  const registered = await page.request.post(`${BASE}/api/register`, {
    data: { username, email: `${username}@old.example.com`, password: "mover-password-1" },
    headers: { origin: BASE },
  });
  expect(registered.status()).toBe(201);
  const [post] = await (await page.request.get(`${BASE}/api/posts?limit=1`)).json();

  // Told up front, and refused with the same words.
  await openReady(page, `${BASE}/posts/${post.slug}`);
  const refusal = "Please confirm your email address before posting. Check your inbox for the link, or send a new one.";
  await expect(page.locator("[data-confirm-before-posting]")).toHaveText(refusal);
  await page.getByRole("textbox", { name: "Your reply" }).fill("A reply before confirming");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
  await snap(page, "reply-refused-unconfirmed");

  // A new address from Settings: pending until its link is opened.
  const newAddress = `${username}@new.example.com`;
  await openReady(page, `${BASE}/settings`);
  const email = page.getByLabel("Email Address");
  await email.fill(newAddress);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    page.getByText(`We have sent a confirmation link to ${newAddress}. Your address changes once you open it.`),
  ).toBeVisible();
  const pending = page.locator("[data-pending-email]");
  await expect(pending).toContainText(`Pending confirmation of ${newAddress}`);
  await expect(email).toHaveValue(`${username}@old.example.com`);
  await snap(page, "settings-pending-email");

  const to = (address: string) => received.filter((mail) => JSON.stringify(mail.to ?? "").includes(address));
  await expect.poll(() => to(newAddress).length).toBe(1);
  await expect.poll(() => to(`${username}@old.example.com`).length).toBe(2);
  expect(to(newAddress)[0]?.subject).toBe("[Tech Forum] Confirm your new email address");
  const notice = to(`${username}@old.example.com`).find((mail) => mail.subject?.includes("being changed"));
  expect(notice?.text).toContain(`is being changed to ${newAddress}`);
  const link = /http:\/\/127\.0\.0\.1:\d+\/confirm-email\?token=\S+/.exec(to(newAddress)[0]?.text ?? "")?.[0];
  expect(link).toBeDefined();

  await page.goto(link as string);
  await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
  await openReady(page, `${BASE}/settings`);
  await expect(page.getByLabel("Email Address")).toHaveValue(newAddress);
  await expect(page.locator("[data-pending-email]")).toHaveCount(0);

  // Confirmed now: the reply goes through.
  await openReady(page, `${BASE}/posts/${post.slug}`);
  await expect(page.locator("[data-confirm-before-posting]")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Your reply" }).fill("A reply after confirming");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Reply posted successfully")).toBeVisible();
});

test("an unread reply is mailed; the mail's unsubscribe link asks first, then turns notification mail off", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const api = async (username: string) => {
    const context = await playwright.request.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
    const made = await context.post("/api/register", {
      data: { username, email: `${username}@example.com`, password: "notify-password-1" },
    });
    expect(made.status()).toBe(201);
    // Mail goes to confirmed addresses only: open the mailed confirmation link's token.
    const mail = () => received.find((one) => JSON.stringify(one.to).includes(`${username}@`));
    await expect.poll(() => mail()?.subject).toBe("[Tech Forum] Confirm your email address");
    const token = /confirm-email\?token=(\S+)/.exec(mail()?.text ?? "")?.[1];
    expect((await context.post("/api/email/confirm", { data: { token } })).status()).toBe(200);
    return context;
  };
  const author = await api(`author${suffix}`);
  const replier = await api(`replier${suffix}`);
  const post = await (
    await author.post("/api/posts", { data: { title: `Mailed ${suffix}`, content: "Tell me by mail", categoryId: 1 } })
  ).json();
  expect((await replier.post(`/api/posts/${post.id}/replies`, { data: { content: "Here I am" } })).status()).toBe(201);

  const subject = `[Tech Forum] @replier${suffix} replied to "Mailed ${suffix}"`;
  await expect.poll(() => received.some((mail) => mail.subject === subject), { timeout: 60_000 }).toBe(true);
  const mail = received.find((one) => one.subject === subject) as ParsedMail;
  expect(mail.text).toContain("Here I am");
  const header = mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
  const link = /<(http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[^>]+)>/.exec(header)?.[1];
  expect(link).toBeDefined();

  await page.goto(link as string);
  await expect(page.getByRole("heading", { name: "Stop email notifications?" })).toBeVisible();
  expect((await (await author.get("/api/users/me/preferences")).json()).emailNotifications).toBe(true);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You will no longer get email notifications.")).toBeVisible();
  await snap(page, "unsubscribed");
  expect((await (await author.get("/api/users/me/preferences")).json()).emailNotifications).toBe(false);
});
