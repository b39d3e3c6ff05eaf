// The OpenAPI 3.1 document of the /api paths, generated from the routes Fastify registered: the
// REST route table's rows are described from their procedures (input and output schemas, and the
// access tier, summary and failures of their meta), the few other routes from what they declare in place.
import { type Access, answerSchemaOf } from "@forum/api";
import { API_TOKEN_PREFIX, SESSION_COOKIE } from "@forum/contracts";
import { ZodVoid, type z } from "zod";
import { procedureDefinition } from "../plugins/procedures";
import { inputSourceOf, type RestRoute } from "../rest/routes";
import { describeFailure, failuresOf } from "./failures";
import { type JsonSchema, JsonSchemas, namedSchemas } from "./jsonSchemas";
import type { DocumentedRoute, PlainOperation } from "./routeDocs";

const SECURITY_SCHEME = "sessionCookie";
const BEARER_SCHEME = "apiToken";

/** Either credential signs a call in, except the sign-in calls themselves, which take only the session. */
function securityOf(access: string, sessionOnly: boolean): JsonSchema[] {
  const signedIn = sessionOnly ? [{ [SECURITY_SCHEME]: [] }] : [{ [SECURITY_SCHEME]: [] }, { [BEARER_SCHEME]: [] }];
  return access === "public" ? [{}, ...signedIn] : signedIn;
}
const ERROR_BODY = { $ref: "#/components/schemas/MessageView" };
/** Every 429 (a throttle) says how long to wait. */
const RETRY_AFTER = {
  description: "Seconds to wait before trying again",
  required: true,
  schema: { type: "integer", minimum: 1 },
};

type Operation = JsonSchema & { tags: string[] };

/** `/api/posts/:id` -> its parameter names, in order. */
function pathParameters(url: string): string[] {
  return url
    .split("/")
    .filter((segment) => segment.startsWith(":"))
    .map((segment) => segment.slice(1));
}

/**
 * OpenAPI paths: `/api/posts/{slug}`. Paths that differ only in their parameters' names
 * (GET /api/posts/:slug, PUT /api/posts/:id) are one path in OpenAPI, so such parameters get a
 * name that says both ({slugOrId}); each operation still describes its own.
 */
function openApiPaths(routes: readonly DocumentedRoute[]): Map<string, { path: string; names: Map<string, string> }> {
  const shapeOf = (url: string) => url.replace(/:[^/]+/g, ":");
  const namesByShape = new Map<string, string[][]>();
  for (const { url } of routes) {
    const names = pathParameters(url);
    const positions = namesByShape.get(shapeOf(url)) ?? names.map(() => []);
    names.forEach((name, index) => {
      if (!positions[index]?.includes(name)) positions[index]?.push(name);
    });
    namesByShape.set(shapeOf(url), positions);
  }
  const result = new Map<string, { path: string; names: Map<string, string> }>();
  for (const { url } of routes) {
    const positions = namesByShape.get(shapeOf(url)) ?? [];
    const joined = positions.map((names) =>
      names.map((name, index) => (index === 0 ? name : name.charAt(0).toUpperCase() + name.slice(1))).join("Or"),
    );
    const names = new Map(pathParameters(url).map((name, index) => [name, joined[index] ?? name]));
    let position = 0;
    const path = url.replace(/:[^/]+/g, () => `{${joined[position++]}}`);
    result.set(url, { path, names });
  }
  return result;
}

function withoutProperties(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  for (const name of names) delete properties[name];
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !names.includes(name));
  const rest: JsonSchema = { ...schema, properties };
  if (required.length > 0) rest.required = required;
  else delete rest.required;
  return rest;
}

const SUCCESS: Record<number, string> = { 200: "OK", 201: "Created", 204: "Done; the answer has no body" };

/** The success answer: its JSON schema, or no content at all for 204 (a procedure that returns nothing). */
function successOf(status: number, response: z.ZodType, schemas: JsonSchemas): JsonSchema {
  const description = SUCCESS[status] ?? "OK";
  if (status === 204) {
    if (!(response instanceof ZodVoid)) throw new Error("A 204 route's procedure must answer z.void()");
    return { description };
  }
  return { description, content: { "application/json": { schema: schemas.output(response) } } };
}

function restOperation(route: RestRoute, pathNames: Map<string, string>, schemas: JsonSchemas): Operation {
  const definition = procedureDefinition(route.procedure);
  const meta = definition.meta ?? {};
  const access: Access | undefined = meta.access;
  if (!access) throw new Error(`${route.procedure} has no access tier in its meta`);
  if (!meta.summary) throw new Error(`${route.procedure} has no summary in its meta`);
  if (definition.inputs.length > 1) throw new Error(`${route.procedure}: one input schema expected`);
  const response = answerSchemaOf(definition.output);
  if (!response) throw new Error(`${route.procedure} has no output schema`);
  const inputSchema = definition.inputs[0] as z.ZodType | undefined;
  const input = inputSchema ? schemas.input(inputSchema) : undefined;
  const inputProperties = (input?.properties ?? {}) as Record<string, JsonSchema>;
  const inputRequired = (input?.required ?? []) as string[];

  const inPath = [...pathNames.keys()];
  const parameters: JsonSchema[] = inPath.map((name) => ({
    name: pathNames.get(name),
    in: "path",
    required: true,
    description: `The ${name}`,
    schema: inputProperties[name] ?? { type: "string" },
  }));
  const source = inputSourceOf(route);
  let requestBody: JsonSchema | undefined;
  if (route.body) {
    requestBody = { required: true, content: { [route.body.contentType]: { schema: route.body.schema } } };
  } else if (input && source === "query") {
    for (const [name, schema] of Object.entries(inputProperties)) {
      if (inPath.includes(name)) continue;
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: "query",
        required: inputRequired.includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  } else if (input && source === "body") {
    const body = withoutProperties(input, inPath);
    if (Object.keys(body.properties as object).length > 0) {
      requestBody = { required: Array.isArray(body.required), content: { "application/json": { schema: body } } };
    }
  }

  const status = route.status ?? 200;
  const responses: JsonSchema = { [status]: successOf(status, response, schemas) };
  const failures = failuresOf({
    declared: meta.failures,
    access,
    hasInput: input !== undefined,
    write: route.method !== "GET",
    sessionOnly: meta.sessionOnly === true,
  });
  for (const [failure, messages] of failures) {
    const body = failure === 400 && meta.refusal ? schemas.output(meta.refusal) : ERROR_BODY;
    responses[failure] = {
      description: describeFailure(failure, messages),
      ...(failure === 429 ? { headers: { "Retry-After": RETRY_AFTER } } : {}),
      content: { "application/json": { schema: body } },
    };
  }

  const [tag = route.procedure] = route.procedure.split(".");
  return {
    tags: [tag],
    summary: meta.summary,
    description: `The \`${route.procedure}\` procedure, which the typed client calls at /trpc/${route.procedure}.`,
    operationId: route.procedure,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    // A visitor may call a public procedure; signed in, the answer is the member's (their votes).
    security: securityOf(access, meta.sessionOnly === true),
  };
}

function plainOperation(operation: PlainOperation, schemas: JsonSchemas): Operation {
  const responses: JsonSchema = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const schema =
      response.schema === undefined
        ? undefined
        : "_zod" in response.schema
          ? schemas.output(response.schema as z.ZodType)
          : response.schema;
    const contentTypes = Array.isArray(response.contentType) ? response.contentType : [response.contentType];
    responses[status] = {
      description: response.description,
      content: Object.fromEntries(contentTypes.map((type) => [type, schema ? { schema } : {}])),
    };
  }
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.parameters ? { parameters: operation.parameters } : {}),
    responses,
  };
}

/** A unique operationId: the procedure's name, numbered when a second path calls it. */
function uniqueIds(operations: Operation[]): void {
  const seen = new Map<string, number>();
  for (const operation of operations) {
    const id = operation.operationId;
    if (typeof id !== "string") continue;
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    if (count > 1) operation.operationId = `${id}_${count}`;
  }
}

export function buildOpenApiDocument(routes: readonly DocumentedRoute[]): JsonSchema {
  const schemas = new JsonSchemas(namedSchemas());
  const paths: Record<string, Record<string, Operation>> = {};
  const openApi = openApiPaths(routes);
  const operations: Operation[] = [];
  // The API's own paths first, then the plain ones (health, documentation).
  const ordered = [...routes].sort((a, b) => Number("plain" in a.doc) - Number("plain" in b.doc));
  for (const route of ordered) {
    const { path, names } = openApi.get(route.url) ?? { path: route.url, names: new Map() };
    const operation =
      "rest" in route.doc ? restOperation(route.doc.rest, names, schemas) : plainOperation(route.doc.plain, schemas);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
    operations.push(operation);
  }
  uniqueIds(operations);
  const tags = [...new Set(operations.flatMap((operation) => operation.tags))].map((name) => ({ name }));

  return {
    openapi: "3.1.0",
    info: {
      title: "Tech Forum API",
      version: "1.0.0",
      description: [
        "Every call of the forum over REST and JSON. Each path runs the same procedure as the typed client",
        'at /trpc (packages/client). Errors answer `{ "message": "…" }` with their status; a signed-in',
        `caller sends the \`${SESSION_COOKIE}\` cookie that /api/login and /api/register set. Writes from`,
        "another site's page are refused (403). Scripts send an API token instead (`Authorization: Bearer",
        `${API_TOKEN_PREFIX}…\`, made on the settings screen): it acts as its member, with that member's role`,
        "and limits; a read-only token is refused every write (403), and no token can sign in or out, change a",
        "password or make tokens. A token that is unknown, expired or revoked answers 401 saying which.",
      ].join(" "),
    },
    tags,
    paths,
    components: {
      schemas: schemas.components(),
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session, an HttpOnly cookie set by POST /api/login or /api/register",
        },
        [BEARER_SCHEME]: {
          type: "http",
          scheme: "bearer",
          description: `An API token (${API_TOKEN_PREFIX}…) made on the settings screen (API tokens), read-only or read-write`,
        },
      },
    },
  };
}
