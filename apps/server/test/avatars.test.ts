// Avatars through the REST door with real pictures made here by sharp: the type told by content,
// the 2 MB limit, the re-encoding (square, at most 256 px, upright, first frame, no metadata left),
// the URL that changes with the picture and is served as immutable, removal, the cached reads
// that show it, the hourly limit, and (on PostgreSQL) a second app instance that sees the change.
import { AVATAR_MAX_BYTES, MESSAGES, THROTTLES } from "@forum/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ForumApp } from "../src/app";
import { checkDocumented } from "./conformance";
import { client, insertCategory, insertPost, signedIn, startForum, TEST_ENGINE, type TestForum } from "./harness";
import { type FormFile, multipartBody } from "./multipart";

type Browser = Awaited<ReturnType<typeof signedIn>>;
type Rgb = [number, number, number];

let forum: TestForum;
let categoryId: number;

beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Avatars");
});
afterAll(() => forum.close());

/** A plain picture of one colour. */
function solid(width: number, height: number, color: Rgb, format: "png" | "jpeg" | "gif" = "png") {
  const [r, g, b] = color;
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .toFormat(format)
    .toBuffer();
}

/** A picture made of vertical bands of colour, left to right, each `bandWidth` wide. */
function bands(bandWidth: number, height: number, colors: Rgb[]) {
  const pixels = Buffer.alloc(bandWidth * colors.length * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < bandWidth * colors.length; x++) {
      const color = colors[Math.floor(x / bandWidth)] as Rgb;
      pixels.set(color, (y * bandWidth * colors.length + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width: bandWidth * colors.length, height, channels: 3 } });
}

/** Random pixels: a PNG of them hardly compresses, so its size is about width × height × 3. */
function noisePng(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];

async function upload(app: ForumApp, browser: { jar: { cookie?: string | undefined } } | null, file?: FormFile) {
  const { body, contentType } = await multipartBody({ avatar: file });
  const response = await app.inject({
    method: "POST",
    url: "/api/users/me/avatar",
    payload: body,
    headers: { "content-type": contentType, ...(browser?.jar.cookie ? { cookie: browser.jar.cookie } : {}) },
  });
  await checkDocumented(app, "POST", "/api/users/me/avatar", response);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const uploadAs = (browser: Browser | null, file?: FormFile) => upload(forum.app, browser, file);

async function served(url: string, app: ForumApp = forum.app) {
  const response = await app.inject({ method: "GET", url });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/** The colour of one pixel of a served picture. */
async function pixelAt(bytes: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return [data[at] as number, data[at + 1] as number, data[at + 2] as number];
}

function expectColor(actual: Rgb, expected: Rgb) {
  // Lossy WebP moves a channel by a few steps, never from one colour to another.
  for (let i = 0; i < 3; i++) expect(Math.abs((actual[i] as number) - (expected[i] as number))).toBeLessThan(40);
}

async function avatarRow(userId: number) {
  return forum.db.selectFrom("avatars").select(["hash", "contentType"]).where("userId", "=", userId).executeTakeFirst();
}

async function profileImageUrlOf(userId: number) {
  const row = await forum.db.selectFrom("users").select("profileImageUrl").where("id", "=", userId).executeTakeFirst();
  return row?.profileImageUrl;
}

describe("uploading an avatar", () => {
  it("refuses visitors with 401, before reading the picture", async () => {
    const png = await solid(64, 64, RED);
    const refused = await uploadAs(null, { name: "me.png", bytes: png });
    expect(refused).toMatchObject({ status: 401, body: { message: MESSAGES.notSignedIn } });
    const removal = await client(forum.app).del("/api/users/me/avatar");
    expect(removal).toMatchObject({ status: 401, body: { message: MESSAGES.notSignedIn } });
  });

  it("stores a PNG as a WebP square, names it by its hash and serves it for a year", async () => {
    const member = await signedIn(forum);
    const answer = await uploadAs(member, { name: "me.png", bytes: await solid(400, 300, GREEN), type: "image/png" });
    expect(answer.status).toBe(200);
    const url = answer.body.profileImageUrl as string;
    expect(url).toMatch(new RegExp(`^/avatars/${member.user.id}-[0-9a-f]{16}\\.webp$`));
    expect(answer.body).toMatchObject({ id: member.user.id, username: member.user.username });
    expect(await profileImageUrlOf(member.user.id)).toBe(url);
    expect(await avatarRow(member.user.id)).toEqual({ hash: url.slice(-21, -5), contentType: "image/webp" });
    expect((await member.get("/api/user")).body.profileImageUrl).toBe(url);

    const image = await served(url);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(image.headers["content-length"])).toBe(image.bytes.length);
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expectColor(await pixelAt(image.bytes, 128, 128), GREEN);
  });

  it("tells the type by content: a PNG named .gif is taken, a text file named .png is not", async () => {
    const member = await signedIn(forum);
    const renamed = await uploadAs(member, {
      name: "actually-a-png.gif",
      bytes: await solid(80, 80, BLUE),
      type: "image/gif",
    });
    expect(renamed.status).toBe(200);
    const image = await served(renamed.body.profileImageUrl);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: "webp", width: 80, height: 80 });

    const before = await profileImageUrlOf(member.user.id);
    const notes = Buffer.from("These are my notes, not a picture.\n");
    const refused = await uploadAs(member, { name: "notes.png", bytes: notes, type: "image/png" });
    expect(refused).toMatchObject({ status: 400, body: { message: MESSAGES.avatarNotImage } });
    // A file that starts like a PNG but is not one further on, and a cut-off JPEG.
    const png = await solid(80, 80, RED);
    const fakePng = Buffer.concat([png.subarray(0, 8), Buffer.from("not the rest of a PNG".repeat(10))]);
    const jpeg = await solid(300, 300, RED, "jpeg");
    for (const bytes of [fakePng, jpeg.subarray(0, Math.floor(jpeg.length / 2))]) {
      const damaged = await uploadAs(member, { name: "me.png", bytes, type: "image/png" });
      expect(damaged).toMatchObject({ status: 400, body: { message: MESSAGES.avatarNotImage } });
    }
    // Other real pictures (WebP, SVG) are not among JPG, PNG and GIF either.
    const webp = await sharp(png).webp().toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
    );
    for (const bytes of [webp, svg]) {
      const other = await uploadAs(member, { name: "me.jpg", bytes, type: "image/jpeg" });
      expect(other).toMatchObject({ status: 400, body: { message: MESSAGES.avatarNotImage } });
    }
    expect(await profileImageUrlOf(member.user.id)).toBe(before);
  });

  it("answers 400 for a form without the picture, or a body that is not a form", async () => {
    const member = await signedIn(forum);
    const empty = await uploadAs(member);
    expect(empty).toMatchObject({ status: 400, body: { message: MESSAGES.avatarMissing } });
    const emptyFile = await uploadAs(member, { name: "empty.png", bytes: new Uint8Array() });
    expect(emptyFile).toMatchObject({ status: 400, body: { message: MESSAGES.avatarMissing } });
    const json = await member.post("/api/users/me/avatar", { avatar: "data:image/png;base64,iVBORw0KGgo=" });
    expect(json).toMatchObject({ status: 400, body: { message: MESSAGES.avatarMissing } });
    expect(await avatarRow(member.user.id)).toBeUndefined();
  });

  it("takes a picture of almost 2 MB, and answers 413 past 2 MB with nothing changed", async () => {
    const member = await signedIn(forum);
    const nearly = await noisePng(830, 830);
    expect(nearly.length).toBeGreaterThan(1.9 * 1024 * 1024);
    expect(nearly.length).toBeLessThanOrEqual(AVATAR_MAX_BYTES);
    const taken = await uploadAs(member, { name: "noise.png", bytes: nearly });
    expect(taken.status).toBe(200);

    const tooLarge = await noisePng(900, 900);
    expect(tooLarge.length).toBeGreaterThan(AVATAR_MAX_BYTES);
    const refused = await uploadAs(member, { name: "big.png", bytes: tooLarge });
    expect(refused).toMatchObject({ status: 413, body: { message: MESSAGES.avatarTooLarge } });
    expect(await profileImageUrlOf(member.user.id)).toBe(taken.body.profileImageUrl);
  });

  it("crops the centre of a wide picture and never enlarges a small one", async () => {
    const member = await signedIn(forum);
    const wide = await bands(300, 300, [RED, GREEN, BLUE]).png().toBuffer();
    const answer = await uploadAs(member, { name: "wide.png", bytes: wide });
    const image = await served(answer.body.profileImageUrl);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 256, height: 256 });
    // The centred 300 × 300 square is the green band: its corners are green too.
    for (const [x, y] of [
      [2, 2],
      [253, 2],
      [128, 128],
      [2, 253],
      [253, 253],
    ] as const) {
      expectColor(await pixelAt(image.bytes, x, y), GREEN);
    }

    const small = await uploadAs(member, { name: "small.png", bytes: await solid(100, 60, RED) });
    expect(await sharp((await served(small.body.profileImageUrl)).bytes).metadata()).toMatchObject({
      width: 60,
      height: 60,
    });
  });

  it("drops EXIF with its GPS position, after turning the picture upright by it", async () => {
    const member = await signedIn(forum);
    // 400 × 200, red on the left, blue on the right; EXIF orientation 6 says "turn 90° clockwise
    // to show": upright it is 200 × 400, red on top, blue below.
    const photo = await bands(200, 200, [RED, BLUE])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "Canon", Model: "Secret Camera 5000" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 51/1 2406/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 17/1 4000/100",
          GPSMapDatum: "WGS-84-HOME",
        },
      })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    const sentText = photo.toString("latin1");
    for (const kept of ["Exif", "Secret Camera 5000", "WGS-84-HOME"]) expect(sentText).toContain(kept);

    const answer = await uploadAs(member, { name: "holiday.jpg", bytes: photo, type: "image/jpeg" });
    expect(answer.status).toBe(200);
    const image = await served(answer.body.profileImageUrl);
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 200, height: 200 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    const text = image.bytes.toString("latin1");
    for (const leak of ["Exif", "Secret Camera", "Canon", "WGS-84-HOME"]) expect(text).not.toContain(leak);
    expectColor(await pixelAt(image.bytes, 100, 20), RED);
    expectColor(await pixelAt(image.bytes, 100, 180), BLUE);
  });

  it("keeps the first frame of an animated GIF", async () => {
    const member = await signedIn(forum);
    const frames = Buffer.concat([
      await sharp({ create: { width: 120, height: 120, channels: 3, background: "#ff0000" } })
        .raw()
        .toBuffer(),
      await sharp({ create: { width: 120, height: 120, channels: 3, background: "#0000ff" } })
        .raw()
        .toBuffer(),
    ]);
    const gif = await sharp(frames, { raw: { width: 120, height: 240, channels: 3, pageHeight: 120 } })
      .gif({ delay: [200, 200], loop: 0 })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);

    const answer = await uploadAs(member, { name: "blink.gif", bytes: gif, type: "image/gif" });
    expect(answer.status).toBe(200);
    const image = await served(answer.body.profileImageUrl);
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 120, height: 120 });
    expect(metadata.pages ?? 1).toBe(1);
    expectColor(await pixelAt(image.bytes, 10, 10), RED);
    expectColor(await pixelAt(image.bytes, 110, 110), RED);
  });
});

describe("changing and removing an avatar", () => {
  it("a new picture gets a new URL; the old one is no longer served", async () => {
    const member = await signedIn(forum);
    const first = await uploadAs(member, { name: "a.png", bytes: await solid(50, 50, RED) });
    const second = await uploadAs(member, { name: "b.png", bytes: await solid(50, 50, BLUE) });
    expect(second.status).toBe(200);
    expect(second.body.profileImageUrl).not.toBe(first.body.profileImageUrl);
    expect((await served(first.body.profileImageUrl)).status).toBe(404);
    const now = await served(second.body.profileImageUrl);
    expect(now.status).toBe(200);
    expectColor(await pixelAt(now.bytes, 25, 25), BLUE);
    expect(
      await forum.db.selectFrom("avatars").select("userId").where("userId", "=", member.user.id).execute(),
    ).toHaveLength(1);
  });

  it("DELETE removes the picture: the URL is gone and profileImageUrl is null again", async () => {
    const member = await signedIn(forum);
    const answer = await uploadAs(member, { name: "a.png", bytes: await solid(50, 50, RED) });
    const removed = await member.del("/api/users/me/avatar");
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: member.user.id, profileImageUrl: null });
    expect(await avatarRow(member.user.id)).toBeUndefined();
    expect(await profileImageUrlOf(member.user.id)).toBeNull();
    expect((await served(answer.body.profileImageUrl)).status).toBe(404);
    // Removing none is fine too.
    expect((await member.del("/api/users/me/avatar")).status).toBe(200);
  });

  it("goes with the account", async () => {
    const member = await signedIn(forum);
    await uploadAs(member, { name: "a.png", bytes: await solid(50, 50, RED) });
    await forum.db.deleteFrom("users").where("id", "=", member.user.id).execute();
    expect(await avatarRow(member.user.id)).toBeUndefined();
  });

  it("answers 404 for names that are not an avatar's", async () => {
    for (const name of [
      "1-zzzz.webp",
      "abc",
      "1-0123456789abcdef.png",
      "..%2F..%2Fetc%2Fpasswd",
      "0-0123456789abcdef.webp",
    ]) {
      const response = await served(`/avatars/${name}`);
      expect({ name, status: response.status }).toEqual({ name, status: 404 });
    }
  });
});

describe("cached reads", () => {
  it("show the new picture, then none, on the next read of lists, the post, its replies and the profile", async () => {
    const author = await signedIn(forum);
    const post = await insertPost(forum.db, { authorId: author.user.id, categoryId, title: "Avatar post" });
    expect((await author.post(`/api/posts/${post.id}/replies`, { content: "My own reply" })).status).toBe(201);
    const visitor = client(forum.app);
    const reads = async () => {
      const list = await visitor.get("/api/posts?sortBy=new");
      const page = await visitor.get(`/api/posts/${post.slug}`);
      const replies = await visitor.get(`/api/posts/${post.id}/replies`);
      const profile = await visitor.get(`/api/users/${author.user.username}`);
      const theirs = await visitor.get(`/api/users/${author.user.username}/posts`);
      return [
        list.body.find((p: { id: number }) => p.id === post.id)?.author.profileImageUrl,
        page.body.author.profileImageUrl,
        replies.body.replies[0].author.profileImageUrl,
        profile.body.profileImageUrl,
        theirs.body[0].author.profileImageUrl,
      ];
    };
    expect(await reads()).toEqual([null, null, null, null, null]);
    expect(await reads()).toEqual([null, null, null, null, null]); // from the cache now

    const answer = await uploadAs(author, { name: "me.png", bytes: await solid(60, 60, GREEN) });
    const url = answer.body.profileImageUrl as string;
    expect(await reads()).toEqual([url, url, url, url, url]);

    expect((await author.del("/api/users/me/avatar")).status).toBe(200);
    expect(await reads()).toEqual([null, null, null, null, null]);
  });
});

describe("the hourly limit", () => {
  it(`takes ${THROTTLES.avatarUploads.limit} uploads an hour, refused ones too, then answers 429 with Retry-After`, async () => {
    let now = Date.now();
    const limited = await startForum({ rateLimits: true, clock: () => now });
    try {
      const member = await signedIn(limited);
      const png = await solid(20, 20, RED);
      const send = (bytes: Uint8Array) => upload(limited.app, member, { name: "a.png", bytes });
      expect((await send(Buffer.from("not a picture"))).status).toBe(400);
      for (let n = 1; n < THROTTLES.avatarUploads.limit; n++) expect((await send(png)).status).toBe(200);
      const refused = await send(png);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(MESSAGES.avatarChangeLimit(THROTTLES.avatarUploads.limit, 60));
      expect(Number(refused.headers["retry-after"])).toBe(3600);
      // Another member is not held back; the member may again once the hour has passed.
      expect((await upload(limited.app, await signedIn(limited), { name: "a.png", bytes: png })).status).toBe(200);
      now += THROTTLES.avatarUploads.windowMs;
      expect((await send(png)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe.runIf(TEST_ENGINE === "postgres")("two app instances", () => {
  it("the other instance serves the new picture and shows it in reads it had cached", async () => {
    const other = await forum.startInstance();
    await vi.waitFor(() => expect(other.services.readCache.enabled).toBe(true), { timeout: 10_000, interval: 10 });
    const author = await signedIn(forum);
    const post = await insertPost(forum.db, { authorId: author.user.id, categoryId, title: "Seen from B" });
    const visitorOnOther = client(other);
    const authorOnOther = async () => (await visitorOnOther.get(`/api/posts/${post.slug}`)).body.author.profileImageUrl;
    expect(await authorOnOther()).toBeNull();
    expect(await authorOnOther()).toBeNull(); // cached on the other instance now

    const answer = await uploadAs(author, { name: "me.png", bytes: await solid(60, 60, BLUE) });
    // Shown once the other instance hears of the write (no fixed wait).
    await vi.waitFor(async () => expect(await authorOnOther()).toBe(answer.body.profileImageUrl), {
      timeout: 10_000,
      interval: 20,
    });
    const image = await served(answer.body.profileImageUrl, other);
    expect(image.status).toBe(200);
    expectColor(await pixelAt(image.bytes, 30, 30), BLUE);
  });
});
