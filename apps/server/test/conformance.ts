// Every answer the API suites receive from a documented /api operation is checked against the
// OpenAPI document the server serves: its status must be one the operation lists, and a JSON
// body must validate against that status's schema. So the whole suite is a conformance test of
// /api/openapi.json. Validators are compiled once per operation and status, on first use.
import { gunzipSync } from "node:zlib";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";
import type { ForumApp } from "../src/app";

type JsonObject = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: JsonObject }> }> };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: JsonObject;
};

type Path = { template: string; pattern: RegExp; parameters: number };

export class Conformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly paths: Path[];

  constructor(readonly document: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.paths = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
        parameters: (template.match(/\{/g) ?? []).length,
      }))
      // A literal segment wins over a parameter (/api/docs/reference.js is not /api/docs).
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** The documented operation a request reaches, if any. */
  operationOf(method: string, url: string): { template: string; operation: Operation } | undefined {
    const path = url.split("?")[0] ?? url;
    for (const { template, pattern } of this.paths) {
      const operation = this.document.paths[template]?.[method.toLowerCase()];
      if (operation && pattern.test(path)) return { template, operation };
    }
    return undefined;
  }

  /** Throws when the answer is not what the document says this operation answers. */
  check(method: string, url: string, response: LightMyRequestResponse): void {
    const found = this.operationOf(method, url);
    if (!found) return;
    const status = String(response.statusCode);
    const documented = found.operation.responses[status];
    const where = `${method} ${url} (${method} ${found.template})`;
    if (!documented) {
      throw new Error(
        `${where} answered ${status}, which the OpenAPI document does not list: ${Object.keys(found.operation.responses).join(", ")}`,
      );
    }
    const contentType = String(response.headers["content-type"] ?? "").split(";")[0] ?? "";
    if (contentType !== "application/json") return;
    const schema = documented.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${where} answered JSON with ${status}, which the document gives no JSON schema`);
    const key = `${method} ${found.template} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.validators.set(key, validate);
    }
    const raw = response.headers["content-encoding"] === "gzip" ? gunzipSync(response.rawPayload) : response.rawPayload;
    const body: unknown = JSON.parse(raw.toString("utf8"));
    if (!validate(body)) {
      throw new Error(
        `${where} answered ${status} with a body its documented schema refuses: ${this.ajv.errorsText(validate.errors)}\n${raw.toString("utf8").slice(0, 500)}`,
      );
    }
  }
}

// One per test file (each runs in its own process): every app of a file serves the same document.
let shared: Promise<Conformance> | undefined;

export function conformanceOf(app: ForumApp): Promise<Conformance> {
  shared ??= app
    .inject({ method: "GET", url: "/api/openapi.json" })
    .then((response) => new Conformance(response.json() as OpenApiDocument));
  return shared;
}

/** Checks one answer of `app` against the document (see Conformance.check). */
export async function checkDocumented(
  app: ForumApp,
  method: string,
  url: string,
  response: LightMyRequestResponse,
): Promise<void> {
  (await conformanceOf(app)).check(method, url, response);
}
