// The OpenAPI document (/api/openapi.json) and the API reference page (/api/docs): the document
// is valid OpenAPI 3.1, lists every route Fastify serves under /api and every row of the REST
// route table, says what each procedure answers (its `.output()` schema, which tRPC checks the
// resolver's type against), is the same every time it is built, and real answers match it (here for every GET route; in every
// other suite through the harness's client, see conformance.ts).
import { answerSchemaOf } from "@forum/api";
import { SESSION_COOKIE } from "@forum/contracts";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { REFERENCE_CSP } from "../src/openapi/reference";
import { isApiPath } from "../src/openapi/register";
import { procedureDefinition, procedureNames } from "../src/plugins/procedures";
import { restRoutes } from "../src/rest/routes";
import { conformanceOf, type OpenApiDocument } from "./conformance";
import { client, insertCategory, insertPost, type Reply, signedIn, startForum, type TestForum } from "./harness";

/** A procedure's answer schema, from its `.output()`. */
const outputOf = (name: string) => answerSchemaOf(procedureDefinition(name).output);

let forum: TestForum;
let document: OpenApiDocument & Record<string, unknown>;

beforeAll(async () => {
  forum = await startForum();
  const response = await client(forum.app).get("/api/openapi.json");
  expect(response.status).toBe(200);
  document = response.body;
});
afterAll(() => forum.close());

/** `/api/posts/:id` and `/api/posts/{slugOrId}` both become `/api/posts/{}`. */
const normalised = (path: string) => path.replace(/:[^/]+/g, "{}").replace(/\{[^}]*\}/g, "{}");

function documentedOperations(): Set<string> {
  const operations = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of Object.keys(methods)) operations.add(`${method.toUpperCase()} ${normalised(path)}`);
  }
  return operations;
}

/** Every METHOD path Fastify serves under /api, read from its route tree. */
function fastifyApiRoutes(): Set<string> {
  const routes = new Set<string>();
  const segments: string[] = [];
  for (const line of forum.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    segments.length = (match[1] ?? "").length / 4;
    segments.push(match[2] ?? "");
    const path = segments.join("");
    if (!isApiPath(path)) continue;
    for (const method of (match[3] ?? "").split(", ")) {
      if (method && method !== "HEAD") routes.add(`${method} ${normalised(path)}`);
    }
  }
  return routes;
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 and every reference in it resolves", async () => {
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it("lists every route Fastify serves under /api, and nothing else", () => {
    const served = fastifyApiRoutes();
    expect(served.size).toBeGreaterThan(restRoutes.length);
    expect([...documentedOperations()].sort()).toEqual([...served].sort());
  });

  it("describes every row of the REST route table from its procedure", () => {
    for (const route of restRoutes) {
      const path = Object.keys(document.paths).find((candidate) => normalised(candidate) === normalised(route.url));
      const operation = path ? document.paths[path]?.[route.method.toLowerCase()] : undefined;
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      if (!operation) continue;
      const definition = procedureDefinition(route.procedure);
      const doc = definition.meta ?? {};
      const access = definition.meta?.access;
      const statuses = Object.keys(operation.responses).map(Number);
      const where = `${route.method} ${route.url} (${route.procedure})`;

      expect(operation).toMatchObject({ summary: doc.summary, tags: [route.procedure.split(".")[0]] });
      expect(statuses, where).toContain(route.status ?? 200);
      expect(statuses, where).toContain(503);
      if (definition.inputs.length > 0) expect(statuses, where).toContain(400);
      if (access !== "public") expect(statuses, where).toContain(401);
      const tiered = access === "member" || access === "moderator" || access === "admin";
      if (tiered) expect(statuses, where).toContain(403);
      if (route.method !== "GET") expect(statuses, where).toEqual(expect.arrayContaining([400, 403, 413, 415]));
      for (const declared of Object.keys(doc.failures ?? {})) expect(statuses, where).toContain(Number(declared));
      // Nothing more than that: each listed failure has a reason.
      const implied = new Set([route.status ?? 200, 503, ...Object.keys(doc.failures ?? {}).map(Number)]);
      if (definition.inputs.length > 0 || route.method !== "GET") implied.add(400);
      // Every route refuses a dead API token (401), whatever its tier.
      implied.add(401);
      if (tiered || route.method !== "GET") implied.add(403);
      if (route.method !== "GET") for (const status of [413, 415]) implied.add(status);
      expect(
        statuses.filter((status) => !implied.has(status)),
        where,
      ).toEqual([]);

      const security = (operation as { security?: unknown }).security;
      // Either credential, except the calls that change how one signs in (no API token there).
      const signedIn = doc.sessionOnly ? [{ sessionCookie: [] }] : [{ sessionCookie: [] }, { apiToken: [] }];
      expect(security, where).toEqual(access === "public" ? [{}, ...signedIn] : signedIn);
    }
  });

  it("is built from procedures that each describe themselves: REST decision, summary, tier, answer schema", () => {
    const undescribed: string[] = [];
    for (const name of procedureNames()) {
      const { meta, output } = procedureDefinition(name);
      if (meta?.rest === undefined) undescribed.push(`${name}: no REST decision (meta.rest: a path or "none")`);
      if (!meta?.summary) undescribed.push(`${name}: no summary`);
      if (!meta?.access) undescribed.push(`${name}: no access tier`);
      if (!(answerSchemaOf(output) instanceof z.ZodType)) undescribed.push(`${name}: no .output(answer(zod schema))`);
    }
    expect(undescribed).toEqual([]);
  });

  it("is the same, byte for byte, from two builds of the server", async () => {
    const again = await startForum();
    try {
      const [first, second] = await Promise.all(
        [forum, again].map((each) => each.app.inject({ method: "GET", url: "/api/openapi.json" })),
      );
      expect(second?.statusCode).toBe(200);
      expect(second?.rawPayload.equals(first?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    } finally {
      await again.close();
    }
  });

  it("names the answer shapes and the session cookie", () => {
    const components = document.components as {
      schemas: Record<string, unknown>;
      securitySchemes: Record<string, unknown>;
    };
    expect(Object.keys(components.schemas)).toEqual(
      expect.arrayContaining(["PostView", "ReplyView", "CurrentUser", "MessageView", "BulkRefusal"]),
    );
    expect(components.securitySchemes.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE,
    });
    expect(components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    const list = document.paths["/api/posts"]?.get as unknown as { parameters: { name: string; in: string }[] };
    expect(list.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      "query:sortBy",
      "query:timeRange",
      "query:categoryId",
      "query:filter",
      "query:offset",
      "query:limit",
    ]);
    const create = document.paths["/api/posts"]?.post as unknown as { requestBody: unknown };
    expect(create.requestBody).toMatchObject({
      required: true,
      content: { "application/json": { schema: { required: ["title", "content", "categoryId"] } } },
    });
    const upload = document.paths["/api/bulk-upload"]?.post as unknown as { requestBody: unknown };
    expect(upload.requestBody).toMatchObject({
      content: { "multipart/form-data": { schema: { required: ["file", "type"] } } },
    });
  });

  it("keeps a server from starting with an undocumented route under /api", async () => {
    const undocumented = startForum({ beforeReady: (app) => app.get("/api/undocumented", async () => ({})) });
    await expect(undocumented).rejects.toThrow(
      "need an OpenAPI description (config.openapi, or a procedure's meta.rest): GET /api/undocumented",
    );
  });
});

describe("real answers of every GET route", () => {
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let samples: Record<string, Record<string, string>>;
  /** Query strings the routes need (search requires q). */
  const queries: Record<string, string> = { "/api/search": "?q=documented", "/api/search/count": "?q=documented" };
  /** Lists the samples fill, so their items are checked too. */
  const filled = ["/api/posts", "/api/search", "/api/notifications", "/api/admin/staff-log/actors"];

  beforeAll(async () => {
    admin = await signedIn(forum, { username: "doc_admin", role: "admin" });
    const categoryId = await insertCategory(forum.db, "Documented");
    const post = await insertPost(forum.db, { authorId: admin.user.id, categoryId, title: "Documented post" });
    await admin.post(`/api/posts/${post.id}/replies`, { content: "A documented reply" });
    // Another member's reply, so the admin's notifications list is not empty.
    const member = await signedIn(forum, { username: "doc_member" });
    await member.post(`/api/posts/${post.id}/replies`, { content: "Replying to @doc_admin" });
    // A webhook with a delivery, so its deliveries list is checked with an item.
    const webhook = await admin.post("/api/admin/webhooks", {
      url: "https://hooks.example.com/doc",
      events: ["post.created"],
    });
    await admin.post(`/api/admin/webhooks/${webhook.body.id}/test`);
    samples = {
      users: { username: "doc_admin" },
      categories: { slug: "documented" },
      posts: { slug: post.slug, postId: String(post.id), id: String(post.id) },
      admin: { userId: String(admin.user.id), id: String(webhook.body.id) },
    };
  });

  it("answer 200 with a body their procedure's schema accepts", async () => {
    const conformance = await conformanceOf(forum.app);
    for (const route of restRoutes.filter((candidate) => candidate.method === "GET")) {
      const section = route.url.split("/")[2] ?? "";
      const url = route.url.replace(/:([^/]+)/g, (_, name: string) => {
        const value = samples[section]?.[name];
        if (value === undefined) throw new Error(`Add a sample ${name} for ${route.url} in this test`);
        return encodeURIComponent(value);
      });
      const query = queries[route.url] ?? "";
      // The admin's client: the harness checks each answer against the document as it arrives.
      const response: Reply = await admin.get(url + query);
      expect(response.status, url).toBe(route.status ?? 200);
      expect(conformance.operationOf("GET", url), url).toBeDefined();
      const parsed = outputOf(route.procedure)?.safeParse(response.body);
      expect(parsed, url).toBeDefined();
      expect(parsed?.error?.issues ?? [], url).toEqual([]);
      if (filled.includes(route.url)) expect(response.body, url).not.toEqual([]);
    }
  });
});

describe("the API reference page", () => {
  it("is served under a strict Content-Security-Policy, with scripts from files of this server", async () => {
    const page = await forum.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toBe(REFERENCE_CSP);
    expect(REFERENCE_CSP).toContain("script-src 'self'");
    expect(REFERENCE_CSP).not.toMatch(/script-src[^;]*unsafe/);

    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(content?.trim(), "no inline script").toBe("");
      expect(attributes).toMatch(/src="\/api\/docs\/[\w.-]+\.js"/);
    }
    const files = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(files.every((file) => file.startsWith("/api/"))).toBe(true);
    for (const file of files) {
      const response = await forum.app.inject({ method: "GET", url: file, headers: { "accept-encoding": "gzip" } });
      expect(response.statusCode, file).toBe(200);
      if (file.endsWith(".js")) expect(response.headers["content-type"], file).toMatch(/^text\/javascript/);
      if (file.endsWith(".css")) expect(response.headers["content-type"], file).toMatch(/^text\/css/);
    }
    // The start-up script asks for this server's document and switches off the outside validator.
    const start = await forum.app.inject({ method: "GET", url: "/api/docs/reference.js" });
    expect(start.body).toContain('url: "/api/openapi.json"');
    expect(start.body).toContain("validatorUrl: null");
  });

  it("serves no other file", async () => {
    const response = await client(forum.app).get("/api/docs/package.json");
    expect(response).toMatchObject({ status: 404, body: { message: "Not found: GET /api/docs/package.json" } });
  });
});
