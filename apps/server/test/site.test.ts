// The forum's identity (issue 32, admin screen "Site"): GET /api/site for anyone, changes by admins
// only (401 visitors, 403 moderators), checked fields, the logo by the avatar's rules, and a change
// that shows on the next read of everything that shows the name: the kept JSON answer, a visitor's
// kept server-rendered page (title, header, og:site_name, JSON-LD), mail and the unsubscribe page.
import { DEFAULT_SITE, MESSAGES, SITE_MESSAGES } from "@forum/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { client, insertCategory, signedIn, startForum, type TestForum } from "./harness";
import { multipartBody } from "./multipart";
import { requireWebBuild } from "./webBuild";

let forum: TestForum;
let admin: Awaited<ReturnType<typeof signedIn>>;
let moderator: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  forum = await startForum({ webDistDir: requireWebBuild(), allowedHosts: ["forum.test", "localhost"] });
  admin = await signedIn(forum, { role: "admin" });
  moderator = await signedIn(forum, { role: "moderator" });
  await insertCategory(forum.db, "General");
});
afterAll(() => forum.close());

const visitor = () => client(forum.app);
const page = (url: string) => forum.app.inject({ method: "GET", url, headers: { host: "forum.test" } });

function headOf(html: string) {
  const attribute = (pattern: RegExp) => html.match(pattern)?.[1];
  return {
    title: attribute(/<title>([^<]*)<\/title>/),
    description: attribute(/<meta name="description" content="([^"]*)"/),
    siteName: attribute(/<meta property="og:site_name" content="([^"]*)"/),
    jsonLd: JSON.parse(attribute(/<script type="application\/ld\+json">(.*?)<\/script>/) ?? "null"),
  };
}

async function rename(fields: Record<string, unknown>) {
  const saved = await admin.post("/api/site", fields);
  expect(saved.status).toBe(200);
  return saved.body;
}

describe("the site's identity", () => {
  it("is the defaults until an admin changes it, for anyone", async () => {
    const read = await visitor().get("/api/site");
    expect(read.status).toBe(200);
    expect(read.body).toEqual(DEFAULT_SITE);
    expect(read.body.name).toBe("Tech Forum");
  });

  it("is changed by admins only: 401 for visitors, 403 for moderators", async () => {
    expect((await visitor().post("/api/site", { name: "Nope" })).status).toBe(401);
    const refused = await moderator.post("/api/site", { name: "Nope" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.adminOnly);
    expect((await moderator.del("/api/site/logo")).status).toBe(403);
    expect((await visitor().get("/api/site")).body.name).toBe("Tech Forum");
  });

  it("refuses a name, description or contact that breaks the rules, with the field's message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "   " }, SITE_MESSAGES.nameRequired],
      [{ name: "x".repeat(61) }, SITE_MESSAGES.nameTooLong],
      [{ name: "Two\nlines" }, SITE_MESSAGES.oneLine],
      [{ description: "" }, SITE_MESSAGES.descriptionRequired],
      [{ description: "y".repeat(201) }, SITE_MESSAGES.descriptionTooLong],
      [{ contact: "not an address" }, SITE_MESSAGES.contactInvalid],
      [{ contact: "ftp://example.org" }, SITE_MESSAGES.contactInvalid],
    ];
    for (const [fields, message] of cases) {
      const refused = await admin.post("/api/site", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await visitor().get("/api/site")).body).toEqual(DEFAULT_SITE);
  });

  it("saves the fields it is given (trimmed), keeps the others, and takes an email or a web address as contact", async () => {
    expect(await rename({ contact: " team@example.org " })).toEqual({ ...DEFAULT_SITE, contact: "team@example.org" });
    expect(await rename({ contact: "https://example.org/contact" })).toMatchObject({
      contact: "https://example.org/contact",
    });
    expect(await rename({ contact: "" })).toEqual(DEFAULT_SITE);
    // The tRPC door answers the same.
    const trpc = await visitor().get("/trpc/site.get");
    expect(trpc.body.result.data).toEqual(DEFAULT_SITE);
  });
});

describe("a change shows on the next read", () => {
  afterAll(async () => {
    await rename({ name: DEFAULT_SITE.name, description: DEFAULT_SITE.description });
  });

  it("of the kept JSON answer, a visitor's kept page, the mail and the unsubscribe page", async () => {
    // Read twice first: the second is the kept answer and the kept page.
    for (let i = 0; i < 2; i++) {
      expect((await visitor().get("/api/site")).body.name).toBe("Tech Forum");
      const home = await page("/");
      expect(headOf(home.body)).toMatchObject({ title: "Latest Discussions - Tech Forum", siteName: "Tech Forum" });
    }
    await rename({ name: "Makers & Co", description: "Where makers talk shop." });

    expect((await visitor().get("/api/site")).body).toMatchObject({
      name: "Makers & Co",
      description: "Where makers talk shop.",
    });
    const home = await page("/");
    expect(home.statusCode).toBe(200);
    const head = headOf(home.body);
    expect(head).toMatchObject({
      title: "Latest Discussions - Makers &amp; Co",
      description: "Where makers talk shop.",
      siteName: "Makers &amp; Co",
    });
    expect(head.jsonLd).toMatchObject({ "@type": "WebSite", name: "Makers & Co", url: "http://forum.test/" });
    // The header's name, and the page's data the browser hydrates with.
    expect(home.body).toMatch(/data-site-home[^>]*>.*Makers &amp; Co/);
    expect(home.body).not.toContain("Tech Forum");
    expect(headOf((await page("/trending")).body).description).toBe(
      "The discussions taking off this week on Makers &amp; Co.",
    );

    const mail = await admin.post("/api/admin/mail/test", { to: "someone@example.org" });
    expect(mail.status).toBe(201);
    const row = await forum.db
      .selectFrom("mail_outbox")
      .select(["subject", "text"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row.subject).toBe("[Makers & Co] Test email");
    expect(row.text).toContain("This is a test email from Makers & Co");

    const unsubscribe = await forum.app.inject({ method: "GET", url: "/unsubscribe" });
    expect(unsubscribe.body).toContain("<title>Unsubscribe - Makers &#38; Co</title>");
  });
});

describe("the logo", () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();

  async function uploadLogo(cookie: string | undefined, bytes: Uint8Array) {
    const { body, contentType } = await multipartBody({ logo: { name: "logo.png", bytes } });
    const response = await forum.app.inject({
      method: "POST",
      url: "/api/site/logo",
      payload: body,
      headers: { "content-type": contentType, ...(cookie ? { cookie } : {}) },
    });
    await checkDocumented(forum.app, "POST", "/api/site/logo", response);
    return { status: response.statusCode, body: response.json() };
  }

  it("is set by admins only, with the avatar's rules, re-encoded keeping its shape, served as immutable", async () => {
    const wide = await picture(600, 200);
    expect((await uploadLogo(undefined, wide)).status).toBe(401);
    expect((await uploadLogo(moderator.jar.cookie, wide)).status).toBe(403);
    const notImage = await uploadLogo(admin.jar.cookie, Buffer.from("GIF89a but not really a picture"));
    expect(notImage).toEqual({ status: 400, body: { message: MESSAGES.avatarNotImage } });

    const saved = await uploadLogo(admin.jar.cookie, wide);
    expect(saved.status).toBe(200);
    const logoUrl: string = saved.body.logoUrl;
    expect(logoUrl).toMatch(/^\/site\/logo-[0-9a-f]{16}\.webp$/);
    expect((await visitor().get("/api/site")).body.logoUrl).toBe(logoUrl);

    const served = await forum.app.inject({ method: "GET", url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 256, 85]);

    // The header shows it on the next read of a kept page.
    expect((await page("/")).body).toContain(`src="${logoUrl}"`);

    const removed = await admin.del("/api/site/logo");
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeNull();
    expect((await forum.app.inject({ method: "GET", url: logoUrl })).statusCode).toBe(404);
    expect((await page("/")).body).not.toContain(logoUrl);
  });

  it("refuses a file over 2 MB with 413", async () => {
    const tooLarge = Buffer.concat([await picture(8, 8), Buffer.alloc(2 * 1024 * 1024)]);
    const refused = await uploadLogo(admin.jar.cookie, tooLarge);
    expect(refused).toEqual({ status: 413, body: { message: MESSAGES.avatarTooLarge } });
  });
});
