// Login and sign-up throttles, with limits on as in production. The clock is the test's: windows
// pass by moving it, never by waiting. Each test signs in from its own address (inject's
// remoteAddress), so the per-address limit of one test does not reach into another.
import { MESSAGES, THROTTLES } from "@forum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocumented } from "./conformance";
import { insertUser, startForum, type TestForum } from "./harness";

const MINUTE = 60_000;
let now = Date.now();
let forum: TestForum;
beforeAll(async () => {
  forum = await startForum({ rateLimits: true, clock: () => now });
});
afterAll(() => forum.close());

let addressCounter = 0;
/** A client address no other test uses. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

type Door = "rest" | "trpc";
type Attempt = { ip: string; door?: Door; headers?: Record<string, string>; app?: TestForum["app"] };

/** One call through either door; its status, message (whichever format) and Retry-After. */
async function call(
  procedure: "login" | "register",
  payload: object,
  { ip, door = "rest", headers = {}, app }: Attempt,
) {
  const url = door === "rest" ? `/api/${procedure}` : `/trpc/auth.${procedure}`;
  const response = await (app ?? forum.app).inject({
    method: "POST",
    url,
    payload,
    remoteAddress: ip,
    headers,
  });
  await checkDocumented(app ?? forum.app, "POST", url, response);
  const body = response.json();
  return {
    status: response.statusCode,
    message: door === "rest" ? body.message : body.error?.message,
    retryAfter: response.headers["retry-after"],
    body,
  };
}

const login = (username: string, password: string, attempt: Attempt) => call("login", { username, password }, attempt);
const register = (username: string, attempt: Attempt) =>
  call("register", { username, email: `${username}@example.com`, password: "a good long password" }, attempt);

async function failTimes(times: number, username: string, attempt: Attempt) {
  for (let n = 0; n < times; n++) expect((await login(username, "wrong password", attempt)).status).toBe(401);
}

async function throttleRows(prefix: string) {
  return forum.db.selectFrom("throttles").selectAll().where("key", "like", `${prefix}%`).execute();
}

describe("failed logins per account", () => {
  it.each(["rest", "trpc"] as const)("the 6th attempt through %s is 429 even with the right password", async (door) => {
    const user = await insertUser(forum.db);
    const ip = freshAddress();
    await failTimes(THROTTLES.loginPerAccount.limit, user.username, { ip, door });
    const refused = await login(user.username, user.password, { ip, door });
    expect(refused.status).toBe(429);
    expect(refused.message).toBe("Too many attempts. Try again in 15 minutes.");
    expect(refused.retryAfter).toBe("900");
    if (door === "rest") expect(refused.body).toEqual({ message: "Too many attempts. Try again in 15 minutes." });
  });

  it("holds whichever address the guesses come from, and for any spelling of the name", async () => {
    const user = await insertUser(forum.db);
    for (let n = 0; n < THROTTLES.loginPerAccount.limit; n++) {
      expect((await login(user.username.toUpperCase(), "wrong password", { ip: freshAddress() })).status).toBe(401);
    }
    expect((await login(user.username, user.password, { ip: freshAddress() })).status).toBe(429);
  });

  it("counts down the wait, then lets the right password in once the window has passed", async () => {
    const user = await insertUser(forum.db);
    const ip = freshAddress();
    await failTimes(5, user.username, { ip });
    now += 10 * MINUTE + 30_000;
    const later = await login(user.username, user.password, { ip });
    expect(later.status).toBe(429);
    expect(later.message).toBe(MESSAGES.tooManyLoginAttempts(5));
    expect(later.retryAfter).toBe("270");
    now += 4 * MINUTE + 30_000;
    expect((await login(user.username, user.password, { ip })).status).toBe(200);
  });

  it("a successful login clears the count: five more wrong passwords before the next refusal", async () => {
    const user = await insertUser(forum.db);
    const ip = freshAddress();
    await failTimes(4, user.username, { ip });
    expect((await login(user.username, user.password, { ip })).status).toBe(200);
    expect(await throttleRows(`login-account:${user.username}`)).toEqual([]);
    await failTimes(5, user.username, { ip });
    expect((await login(user.username, user.password, { ip })).status).toBe(429);
  });

  it("an unknown account is throttled like a real one, so the answer does not tell them apart", async () => {
    const ip = freshAddress();
    await failTimes(5, "nobody_by_that_name", { ip });
    expect((await login("nobody_by_that_name", "anything", { ip })).status).toBe(429);
  });

  it("keeps one row per account in the database, and sweeps expired ones", async () => {
    const user = await insertUser(forum.db);
    await failTimes(3, user.username, { ip: freshAddress() });
    const [row] = await throttleRows(`login-account:${user.username}`);
    expect(row).toMatchObject({ count: 3, expiresAt: row?.windowStart ? row.windowStart + 15 * MINUTE : -1 });
    now += 16 * MINUTE;
    // Any counted event sweeps windows that have ended (at most once a minute per instance).
    await login("someone_else", "wrong password", { ip: freshAddress() });
    expect(await throttleRows(`login-account:${user.username}`)).toEqual([]);
  });
});

describe("login attempts per address", () => {
  it("allows 30 attempts in 15 minutes from one address, whatever the accounts, then 429", async () => {
    const ip = freshAddress();
    const user = await insertUser(forum.db);
    for (let n = 0; n < THROTTLES.loginPerAddress.limit; n++) {
      const attempt = await login(`guess_${n}`, "wrong password", { ip });
      expect(attempt.status).toBe(401);
    }
    const refused = await login(user.username, user.password, { ip });
    expect(refused.status).toBe(429);
    expect(refused.message).toBe("Too many attempts. Try again in 15 minutes.");
    expect(refused.retryAfter).toBe("900");
    // Another address is not affected, and neither is the account.
    expect((await login(user.username, user.password, { ip: freshAddress() })).status).toBe(200);
  });

  it("takes the address from X-Forwarded-For only when the proxy is trusted", async () => {
    const ip = freshAddress();
    // Not trusted: the header is the client's own say, and every attempt is the socket's address.
    for (let n = 0; n < 30; n++) {
      const forwarded = { "x-forwarded-for": `203.0.113.${n}` };
      expect((await login(`xff_${n}`, "wrong", { ip, headers: forwarded })).status).toBe(401);
    }
    expect((await login("xff_last", "wrong", { ip, headers: { "x-forwarded-for": "203.0.113.99" } })).status).toBe(429);

    // Behind a trusted proxy (the socket's peer), the address is the entry the proxy appended:
    // the last one. What a client writes in front of it does not count.
    const behindProxy = await forum.startInstance({ rateLimits: true, trustProxy: true, clock: () => now });
    const proxy = freshAddress();
    for (let n = 0; n < 30; n++) {
      const forwarded = { "x-forwarded-for": `10.9.9.${n}, 192.0.2.1` };
      const attempt = await login(`proxied_${n}`, "wrong", { ip: proxy, headers: forwarded, app: behindProxy });
      expect(attempt.status).toBe(401);
    }
    const spoofed = { "x-forwarded-for": "10.9.9.200, 192.0.2.1" };
    expect((await login("proxied_x", "wrong", { ip: proxy, headers: spoofed, app: behindProxy })).status).toBe(429);
    // Another client behind the same proxy has its own count.
    const other = { "x-forwarded-for": "192.0.2.2" };
    expect((await login("proxied_y", "wrong", { ip: proxy, headers: other, app: behindProxy })).status).toBe(401);
  });
});

describe("registrations per address", () => {
  it.each(["rest", "trpc"] as const)("allows 5 an hour through %s, then 429 with Retry-After", async (door) => {
    const ip = freshAddress();
    const created = door === "rest" ? 201 : 200;
    for (let n = 0; n < THROTTLES.registrationsPerAddress.limit; n++) {
      expect((await register(`signup_${door}_${n}`, { ip, door })).status).toBe(created);
    }
    const refused = await register(`signup_${door}_x`, { ip, door });
    expect(refused.status).toBe(429);
    expect(refused.message).toBe("Too many new accounts from this address. Try again in 60 minutes.");
    expect(refused.retryAfter).toBe("3600");
    expect(
      await forum.db.selectFrom("users").select("id").where("username", "=", `signup_${door}_x`).execute(),
    ).toEqual([]);
    // An hour later the address may sign up again.
    now += 60 * MINUTE;
    expect((await register(`signup_${door}_y`, { ip, door })).status).toBe(created);
  });

  it("a refused registration (a taken name) does not count", async () => {
    const ip = freshAddress();
    await insertUser(forum.db, { username: "taken_name" });
    for (let n = 0; n < 3; n++) expect((await register("taken_name", { ip })).status).toBe(409);
    for (let n = 0; n < 5; n++) expect((await register(`after_taken_${n}`, { ip })).status).toBe(201);
    expect((await register("after_taken_x", { ip })).status).toBe(429);
  });
});

describe("across app instances", () => {
  it("two servers on one database share the counts", async () => {
    const other = await forum.startInstance();
    const user = await insertUser(forum.db);
    await failTimes(3, user.username, { ip: freshAddress() });
    await failTimes(2, user.username, { ip: freshAddress(), app: other });
    expect((await login(user.username, user.password, { ip: freshAddress() })).status).toBe(429);
    expect((await login(user.username, user.password, { ip: freshAddress(), app: other })).status).toBe(429);
  });
});

describe("FORUM_RATE_LIMITS=off", () => {
  it("lets any number of attempts through and keeps no counts", async () => {
    const unlimited = await startForum({ rateLimits: false });
    try {
      const user = await insertUser(unlimited.db);
      for (let n = 0; n < 40; n++) {
        const response = await unlimited.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { username: user.username, password: "wrong password" },
        });
        expect(response.statusCode).toBe(401);
      }
      const right = await unlimited.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: user.username, password: user.password },
      });
      expect(right.statusCode).toBe(200);
      for (let n = 0; n < 8; n++) {
        const response = await unlimited.app.inject({
          method: "POST",
          url: "/api/register",
          payload: { username: `unlimited_${n}`, email: `unlimited_${n}@example.com`, password: "long enough" },
        });
        expect(response.statusCode).toBe(201);
      }
      expect(await unlimited.db.selectFrom("throttles").selectAll().execute()).toEqual([]);
    } finally {
      await unlimited.close();
    }
  });
});
