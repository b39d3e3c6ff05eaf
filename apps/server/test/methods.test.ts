// Every method on every route: every REST route of the route table, every tRPC procedure and
// names that do not exist. A method a path does not serve answers 405 or 404, as JSON, and
// nothing ever answers 5xx. One rule on both doors: a 405's Allow names exactly the methods the
// path serves, whatever was refused (a query by POST, a mutation by GET, TRACE, a method no route
// takes). Run as a visitor and as an admin, so the procedures that do run get past their role
// checks too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { procedureNames, procedureType } from "../src/plugins/procedures";
import { restRoutes } from "../src/rest/routes";
import { checkDocumented } from "./conformance";
import { insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"] as const;
type Method = (typeof METHODS)[number];

let forum: TestForum;
let adminCookie: string;
beforeAll(async () => {
  forum = await startForum();
  const admin = await signedIn(forum, { role: "admin" });
  adminCookie = admin.jar.cookie as string;
  const categoryId = await insertCategory(forum.db, "Methods");
  await insertPost(forum.db, { authorId: admin.user.id, categoryId, title: "Methods post" });
});
afterAll(() => forum.close());

const callers = [
  ["a visitor", () => undefined],
  ["an admin", () => adminCookie],
] as const;

async function send(method: Method, url: string, cookie: string | undefined) {
  const response = await forum.app.inject({
    method,
    url,
    ...(method === "POST" || method === "PUT" || method === "PATCH" ? { payload: {} } : {}),
    headers: cookie ? { cookie } : {},
  });
  // A method the path serves must answer a status its operation documents.
  await checkDocumented(forum.app, method, url, response);
  let body: unknown;
  try {
    body = response.body === "" ? undefined : response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, allow: response.headers.allow, type: response.headers["content-type"] };
}

/** A concrete URL for a route pattern: ids 1, names and slugs that may or may not exist. */
const concrete = (url: string) => url.replace(/:id|:postId/g, "1").replace(/:username|:slug/g, "methods-post");

/** The methods the route table serves on a concrete path (two patterns may match one path). */
function restMethodsOf(path: string): Method[] {
  const served = restRoutes
    .filter((route) => new RegExp(`^${route.url.replace(/:[a-zA-Z]+/g, "[^/]+")}$`).test(path))
    .map((route) => route.method);
  return served.includes("GET") ? [...served, "HEAD"] : served;
}

describe.each(callers)("every REST route, every method, as %s", (_who, cookie) => {
  const paths = [...new Set(restRoutes.map((route) => concrete(route.url)))];
  it.each(paths)("%s", async (path) => {
    const served = restMethodsOf(path);
    for (const method of METHODS) {
      const res = await send(method, path, cookie());
      const seen = `${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, seen).toBeLessThan(500);
      if (served.includes(method)) {
        if (res.status >= 400 && method !== "HEAD") expect(res.body, seen).toEqual({ message: expect.any(String) });
        continue;
      }
      expect(res.status, seen).toBe(405);
      expect(res.allow, seen).toBe(served.join(", "));
      expect(res.type, seen).toMatch(/^application\/json/);
      if (method !== "HEAD") expect(res.body, seen).toEqual({ message: expect.stringContaining("is not allowed") });
    }
  });

  it("unknown /api paths answer 404 for every method", async () => {
    for (const path of ["/api/no-such-thing", "/api/posts/1/nothing", "/api"]) {
      for (const method of METHODS) {
        const res = await send(method, path, cookie());
        expect(res.status, `${method} ${path}`).toBe(404);
        if (method !== "HEAD") expect(res.body).toEqual({ message: `Not found: ${method} ${path}` });
      }
    }
  });
});

/** tRPC's error envelope, whose message the typed client shows. */
const trpcError = (httpStatus: number) => ({
  error: expect.objectContaining({
    message: expect.any(String),
    data: expect.objectContaining({ httpStatus }),
  }),
});

describe.each(callers)("every tRPC procedure, every method, as %s", (_who, cookie) => {
  it.each(procedureNames())("%s", async (name) => {
    const served: Method[] = procedureType(name) === "mutation" ? ["POST"] : ["GET", "HEAD"];
    for (const method of METHODS) {
      const res = await send(method, `/trpc/${name}`, cookie());
      const seen = `${method} /trpc/${name} -> ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, seen).toBeLessThan(500);
      if (served.includes(method)) continue;
      expect(res.status, seen).toBe(405);
      if (method !== "HEAD") expect(res.body, seen).toEqual(trpcError(405));
      expect(res.allow, seen).toBe(served.join(", "));
    }
  });

  it.each(["nothing.here", "auth", "posts", "posts.list,nothing.here?batch=1"])(
    "unknown name %s: 404",
    async (name) => {
      for (const method of METHODS) {
        const res = await send(method, `/trpc/${name}`, cookie());
        const seen = `${method} /trpc/${name} -> ${res.status} ${JSON.stringify(res.body)}`;
        // tRPC's stock handler answers a batch call by call: 207 when they end differently.
        const stockBatch = (method === "GET" || method === "POST") && name.includes(",");
        expect(res.status, seen).toBe(stockBatch ? 207 : 404);
        if (method !== "HEAD") {
          const body = Array.isArray(res.body) ? res.body[1] : res.body;
          expect(body, seen).toEqual(trpcError(404));
        }
      }
    },
  );
});
