import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { client, signedIn, startForum, type TestForum } from "./harness";

type Browser = Awaited<ReturnType<typeof signedIn>>;

let forum: TestForum;
let admin: Browser;
let member: Browser;

beforeAll(async () => {
  forum = await startForum();
  admin = await signedIn(forum, { role: "admin" });
  member = await signedIn(forum);
});
afterAll(() => forum.close());

let adCounter = 0;
type AdInsert = { title?: string; placement?: string; active?: boolean; type?: string };

/** Inserts an advertisement row directly; returns its id. */
async function insertAd(db: TestForum["db"], fields: AdInsert = {}) {
  adCounter += 1;
  const row = await db
    .insertInto("advertisements")
    .values({
      title: fields.title ?? `Ad ${adCounter}`,
      content: `<p>Ad content ${adCounter}</p>`,
      type: (fields.type ?? "custom") as "custom",
      placement: (fields.placement ?? "sidebar") as "sidebar",
      dimensions: null,
      active: fields.active === false ? 0 : 1,
      createdAt: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

function adRow(id: number, db = forum.db) {
  return db.selectFrom("advertisements").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A tracking call from a given client address (the rate limit is per client). */
async function track(target: TestForum, id: number | string, type: unknown, remoteAddress = "127.0.0.1") {
  const response = await target.app.inject({
    method: "POST",
    url: `/api/ads/${id}/track`,
    payload: { type },
    remoteAddress,
  });
  await checkDocumented(target.app, "POST", `/api/ads/${id}/track`, response);
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

const validAd = { title: "Buy things", content: "<b>Great things</b>", type: "banner", placement: "header" };

describe("GET /api/ads", () => {
  let activeSidebar: number;
  let inactiveSidebar: number;
  let activeHeader: number;
  beforeAll(async () => {
    activeSidebar = await insertAd(forum.db, { placement: "sidebar" });
    inactiveSidebar = await insertAd(forum.db, { placement: "sidebar", active: false });
    activeHeader = await insertAd(forum.db, { placement: "header" });
  });

  const idsOf = (body: Array<{ id: number }>) => body.map((ad) => ad.id);

  it("shows visitors and members only active ads", async () => {
    for (const browser of [client(forum.app), member]) {
      const res = await browser.get("/api/ads");
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(idsOf(res.body)).toEqual(expect.arrayContaining([activeSidebar, activeHeader]));
      expect(idsOf(res.body)).not.toContain(inactiveSidebar);
      for (const ad of res.body) expect(ad.active).toBe(true);
    }
  });

  it("shows admins every ad, inactive ones included", async () => {
    const res = await admin.get("/api/ads");
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(expect.arrayContaining([activeSidebar, inactiveSidebar, activeHeader]));
    expect(res.body.find((ad: { id: number }) => ad.id === inactiveSidebar)).toMatchObject({
      active: false,
      placement: "sidebar",
      impressions: 0,
      clickCount: 0,
    });
  });

  it("gives everybody the active ads of a placement", async () => {
    for (const browser of [client(forum.app), member, admin]) {
      const res = await browser.get("/api/ads?placement=sidebar");
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toContain(activeSidebar);
      expect(idsOf(res.body)).not.toContain(inactiveSidebar);
      expect(idsOf(res.body)).not.toContain(activeHeader);
      for (const ad of res.body) expect(ad).toMatchObject({ placement: "sidebar", active: true });
    }
  });

  it("refuses an unknown placement with 400", async () => {
    const res = await client(forum.app).get("/api/ads?placement=moon");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/placement/);
  });
});

describe("POST /api/ads", () => {
  it("creates an ad for an admin with 201", async () => {
    const res = await admin.post("/api/ads", { ...validAd, dimensions: "728x90", active: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...validAd,
      dimensions: "728x90",
      active: false,
      impressions: 0,
      clickCount: 0,
    });
    expect(await adRow(res.body.id)).toMatchObject({ ...validAd, dimensions: "728x90", active: 0 });
  });

  it("fills in the defaults: custom, sidebar, no dimensions, active", async () => {
    const res = await admin.post("/api/ads", { title: "Plain", content: "Plain text", dimensions: "" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "custom", placement: "sidebar", dimensions: null, active: true });
  });

  it("refuses visitors with 401 and members with 403", async () => {
    expect((await client(forum.app).post("/api/ads", { ...validAd, title: "Visitor ad" })).status).toBe(401);
    expect((await member.post("/api/ads", { ...validAd, title: "Member ad" })).status).toBe(403);
    const rows = await forum.db
      .selectFrom("advertisements")
      .select("id")
      .where("title", "in", ["Visitor ad", "Member ad"])
      .execute();
    expect(rows).toHaveLength(0);
  });

  it.each([
    [{ ...validAd, title: "" }],
    [{ ...validAd, title: "   " }],
    [{ ...validAd, content: "" }],
    [{ content: "no title" }],
    [{ title: "no content" }],
  ])("refuses blank or missing title or content %j with the spec's message", async (payload) => {
    const res = await admin.post("/api/ads", payload);
    expect(res).toMatchObject({ status: 400, body: { message: "Please fill in title and content" } });
  });

  it.each([[{ type: "popup" }], [{ placement: "moon" }], [{ dimensions: "1x1" }], [{ active: "yes" }]])(
    "refuses a bad field %j with 400",
    async (bad) => {
      const title = `Bad field ${JSON.stringify(bad)}`;
      const res = await admin.post("/api/ads", { ...validAd, title, ...bad });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(["message"]);
      expect(res.body.message).toMatch(new RegExp(Object.keys(bad)[0] as string));
      const rows = await forum.db.selectFrom("advertisements").select("id").where("title", "=", title).execute();
      expect(rows).toHaveLength(0);
    },
  );
});

describe("PUT /api/ads/{id}", () => {
  it("updates the ad for an admin", async () => {
    const id = await insertAd(forum.db);
    const res = await admin.put(`/api/ads/${id}`, {
      ...validAd,
      title: "Renamed",
      dimensions: "300x250",
      active: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: "Renamed", placement: "header", dimensions: "300x250", active: false });
    expect(await adRow(id)).toMatchObject({ title: "Renamed", type: "banner", placement: "header", active: 0 });
  });

  it("keeps the stored type, placement, dimensions and active flag when an edit leaves them out", async () => {
    const created = await admin.post("/api/ads", { ...validAd, dimensions: "728x90", active: false });
    expect(created.status).toBe(201);
    const res = await admin.put(`/api/ads/${created.body.id}`, { title: "Only words", content: "changed" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Only words",
      content: "changed",
      type: "banner",
      placement: "header",
      dimensions: "728x90",
      active: false,
    });
    expect(await adRow(created.body.id)).toMatchObject({
      type: "banner",
      placement: "header",
      dimensions: "728x90",
      active: 0,
    });
    // A paused ad stays out of the public lists.
    const listed = await client(forum.app).get("/api/ads?placement=header");
    expect(listed.body.map((ad: { id: number }) => ad.id)).not.toContain(created.body.id);
  });

  it("clears the dimensions when an edit sends them empty or null", async () => {
    for (const dimensions of ["", null]) {
      const created = await admin.post("/api/ads", { ...validAd, dimensions: "300x250" });
      const res = await admin.put(`/api/ads/${created.body.id}`, { ...validAd, dimensions });
      expect(res.status).toBe(200);
      expect(res.body.dimensions).toBeNull();
      expect((await adRow(created.body.id))?.dimensions).toBeNull();
    }
  });

  it("refuses visitors and members and leaves the ad alone", async () => {
    const id = await insertAd(forum.db, { title: "Untouched" });
    expect((await client(forum.app).put(`/api/ads/${id}`, { ...validAd })).status).toBe(401);
    expect((await member.put(`/api/ads/${id}`, { ...validAd })).status).toBe(403);
    expect((await adRow(id))?.title).toBe("Untouched");
  });

  it("refuses blank content with the spec's message and bad fields with 400", async () => {
    const id = await insertAd(forum.db, { title: "Still Here" });
    expect(await admin.put(`/api/ads/${id}`, { ...validAd, content: " " })).toMatchObject({
      status: 400,
      body: { message: "Please fill in title and content" },
    });
    expect((await admin.put(`/api/ads/${id}`, { ...validAd, type: "popup" })).status).toBe(400);
    expect((await admin.put(`/api/ads/${id}`, { ...validAd, placement: "moon" })).status).toBe(400);
    expect((await admin.put(`/api/ads/${id}`, { ...validAd, dimensions: "2x2" })).status).toBe(400);
    expect((await adRow(id))?.title).toBe("Still Here");
  });

  it("answers 404 for an unknown ad", async () => {
    const res = await admin.put("/api/ads/999999", validAd);
    expect(res).toMatchObject({ status: 404, body: { message: "Advertisement not found" } });
  });
});

describe("DELETE /api/ads/{id}", () => {
  it("deletes the ad for an admin", async () => {
    const id = await insertAd(forum.db);
    const res = await admin.del(`/api/ads/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty("message");
    expect(await adRow(id)).toBeUndefined();
  });

  it("refuses visitors and members", async () => {
    const id = await insertAd(forum.db);
    expect((await client(forum.app).del(`/api/ads/${id}`)).status).toBe(401);
    expect((await member.del(`/api/ads/${id}`)).status).toBe(403);
    expect(await adRow(id)).toBeDefined();
  });

  it("answers 404 for an unknown ad", async () => {
    const res = await admin.del("/api/ads/999999");
    expect(res).toMatchObject({ status: 404, body: { message: "Advertisement not found" } });
  });
});

describe("POST /api/ads/{id}/track", () => {
  it("records an impression and a click for a visitor", async () => {
    const id = await insertAd(forum.db);
    const visitor = client(forum.app);
    const impression = await visitor.post(`/api/ads/${id}/track`, { type: "impression" });
    expect(impression.status).toBe(204);
    expect(await adRow(id)).toMatchObject({ impressions: 1, clickCount: 0 });
    const click = await visitor.post(`/api/ads/${id}/track`, { type: "click" });
    expect(click.status).toBe(204);
    expect(await adRow(id)).toMatchObject({ impressions: 1, clickCount: 1 });
  });

  it("counts each client separately", async () => {
    const id = await insertAd(forum.db);
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
      expect((await track(forum, id, "impression", address)).status).toBe(204);
    expect((await adRow(id))?.impressions).toBe(3);
  });

  // Issue 13: repeats answered 429 on every page view after the first.
  it("counts a loop from one client once and answers every repeat 204, never an error", async () => {
    const id = await insertAd(forum.db);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await track(forum, id, "impression", "10.1.1.1")).status);
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect((await adRow(id))?.impressions).toBe(1);

    for (let i = 0; i < 5; i++) expect((await track(forum, id, "click", "10.1.1.1")).status).toBe(204);
    // Another client is not affected.
    expect((await track(forum, id, "impression", "10.1.1.2")).status).toBe(204);
    expect(await adRow(id)).toMatchObject({ impressions: 2, clickCount: 1 });
  });

  it("counts a repeat once across two app instances (the windows are in the database)", async () => {
    const id = await insertAd(forum.db);
    const other = await forum.startInstance();
    const onOther = { ...forum, app: other };
    expect((await track(forum, id, "impression", "10.2.2.2")).status).toBe(204);
    expect((await track(onOther, id, "impression", "10.2.2.2")).status).toBe(204);
    expect((await track(onOther, id, "click", "10.2.2.2")).status).toBe(204);
    expect((await track(forum, id, "click", "10.2.2.2")).status).toBe(204);
    expect(await adRow(id)).toMatchObject({ impressions: 1, clickCount: 1 });
  });

  it("follows the configured limit and window", async () => {
    // The forum's clock, not the wall's: ten requests on a loaded host may take longer than the window.
    let now = Date.now();
    const custom = await startForum({ adTracking: { limit: 3, windowMs: 300 }, clock: () => now });
    try {
      const id = await insertAd(custom.db);
      const first: number[] = [];
      for (let i = 0; i < 10; i++) first.push((await track(custom, id, "impression")).status);
      expect(first).toEqual(Array(10).fill(204));
      expect((await adRow(id, custom.db))?.impressions).toBe(3);
      now += 299;
      expect((await track(custom, id, "impression")).status).toBe(204);
      expect((await adRow(id, custom.db))?.impressions).toBe(3);
      now += 2;
      expect((await track(custom, id, "impression")).status).toBe(204);
      expect((await adRow(id, custom.db))?.impressions).toBe(4);
    } finally {
      await custom.close();
    }
  });

  it("answers 404 for an unknown ad", async () => {
    const res = await track(forum, 999999, "impression", "10.2.2.2");
    expect(res).toEqual({ status: 404, body: { message: "Advertisement not found" } });
  });

  it.each([["view"], [""], [undefined], [1]])("refuses the tracking type %j with 400", async (type) => {
    const id = await insertAd(forum.db);
    const res = await track(forum, id, type, "10.3.3.3");
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(await adRow(id)).toMatchObject({ impressions: 0, clickCount: 0 });
  });
});

describe("ad settings", () => {
  it("are public to read, with both names of the AdSense id and the interval", async () => {
    const res = await client(forum.app).get("/api/ad-settings");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      enableAds: expect.any(Boolean),
      adsensePubId: expect.toBeOneOf([null, expect.any(String)]),
      adsenseCode: res.body.adsensePubId,
      adsBetweenPosts: expect.any(Number),
      postsInterval: res.body.adsBetweenPosts,
    });
  });

  it("are saved by an admin and read back by everybody", async () => {
    const res = await admin.post("/api/ad-settings", {
      enableAds: true,
      adsensePubId: "ca-pub-1234567890",
      adsBetweenPosts: 5,
    });
    expect(res.status).toBe(200);
    const expected = {
      enableAds: true,
      adsensePubId: "ca-pub-1234567890",
      adsenseCode: "ca-pub-1234567890",
      adsBetweenPosts: 5,
      postsInterval: 5,
    };
    expect(res.body).toEqual(expected);
    expect((await client(forum.app).get("/api/ad-settings")).body).toEqual(expected);
    const row = await forum.db.selectFrom("adSettings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enableAds: 1, adsensePubId: "ca-pub-1234567890", adsBetweenPosts: 5 });
  });

  it("accept a number sent as text", async () => {
    const res = await admin.post("/api/ad-settings", { enableAds: true, adsBetweenPosts: "7" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ adsBetweenPosts: 7, postsInterval: 7 });
  });

  // Issue 13: a value that is not a whole number from 1 to 10 is refused, never replaced by another.
  it.each([[0], [11], [-1], ["0"], ["11"], ["abc"], [""], [2.5], [null], [undefined]])(
    "refuse %j ads between posts with 400 and keep the stored value",
    async (adsBetweenPosts) => {
      await admin.post("/api/ad-settings", { enableAds: true, adsBetweenPosts: 4 });
      const res = await admin.post("/api/ad-settings", { enableAds: false, adsBetweenPosts });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Ads between posts must be a whole number from 1 to 10");
      const row = await forum.db.selectFrom("adSettings").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ enableAds: 1, adsBetweenPosts: 4 });
    },
  );

  it("refuse visitors with 401 and members with 403", async () => {
    await admin.post("/api/ad-settings", { enableAds: false, adsBetweenPosts: 2 });
    const change = { enableAds: true, adsensePubId: "ca-pub-evil", adsBetweenPosts: 9 };
    expect((await client(forum.app).post("/api/ad-settings", change)).status).toBe(401);
    expect((await member.post("/api/ad-settings", change)).status).toBe(403);
    const row = await forum.db.selectFrom("adSettings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enableAds: 0, adsBetweenPosts: 2 });
    expect(row.adsensePubId).not.toBe("ca-pub-evil");
  });
});

describe("tracking a paused ad", () => {
  it("answers 404 and counts nothing", async () => {
    const ad = await forum.db
      .insertInto("advertisements")
      .values({
        title: "Paused",
        content: "x",
        type: "text",
        placement: "sidebar",
        dimensions: null,
        active: 0,
        createdAt: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await client(forum.app).post(`/api/ads/${ad.id}/track`, { type: "impression" });
    expect(res.status).toBe(404);
    const row = await forum.db
      .selectFrom("advertisements")
      .select("impressions")
      .where("id", "=", ad.id)
      .executeTakeFirstOrThrow();
    expect(row.impressions).toBe(0);
  });
});
