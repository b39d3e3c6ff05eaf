// The REST door: every /api path of the API, as data generated from the procedures' own meta
// (`rest`, packages/api/src/describe.ts). Each row names the procedure it calls and how the
// procedure's input is built from the path, the query string and the JSON body. The OpenAPI
// document (/api/openapi.json) is generated from these rows and the same meta: a new path needs
// nothing but its procedure's `rest`.
import { type ApiCaller, AppError, type ProcedurePath, type RestMethod, restMappingsOf } from "@forum/api";
import type { FastifyRequest } from "fastify";
import { procedureDefinition, procedureNames } from "../plugins/procedures";
import { multipartForms } from "./forms";

export type Input = Record<string, unknown>;

/** A request body that is not JSON (a multipart upload): how to read it, and what it holds. */
export type BodyReader = {
  contentType: string;
  /** The body's fields as JSON Schema, for the OpenAPI document. */
  schema: Record<string, unknown>;
  /** Builds the procedure's input from the request; may call the API first. */
  read: (request: FastifyRequest, api: ApiCaller) => Promise<Input>;
};

export type RestRoute = {
  method: RestMethod;
  url: string;
  /** Status on success; 200 unless the call creates something. */
  status?: number;
  /** The procedure it calls ("posts.list"), the same the tRPC door serves under that name. */
  procedure: ProcedurePath;
  /** Which parts of the request make the input; "params" are always included. */
  from?: "query" | "body" | "none";
  /** Reads a body that is not JSON into the input instead. */
  body?: BodyReader;
};

/** Every REST path, in the router's order: one row per mapping a procedure's meta declares. */
export const restRoutes: readonly RestRoute[] = procedureNames().flatMap((name) =>
  restMappingsOf(procedureDefinition(name).meta?.rest).map((mapping): RestRoute => {
    const procedure = name as ProcedurePath;
    const body = mapping.form === "multipart" ? multipartForms[procedure] : undefined;
    if (mapping.form === "multipart" && !body)
      throw new Error(`${name}: no reader for its multipart form (rest/forms.ts)`);
    return {
      method: mapping.method,
      url: mapping.path,
      procedure,
      ...(mapping.status ? { status: mapping.status } : {}),
      ...(mapping.from ? { from: mapping.from } : {}),
      ...(body ? { body } : {}),
    };
  }),
);

/** Where a route's input comes from besides its path. */
export function inputSourceOf(route: RestRoute): "query" | "body" | "none" {
  return route.from ?? (route.method === "GET" || route.method === "DELETE" ? "query" : "body");
}

/** Path parameters win over body and query fields of the same name. */
export function inputOf(route: RestRoute, request: FastifyRequest): Input {
  const params = request.params as Input;
  const source = inputSourceOf(route);
  if (source === "none") return { ...params };
  const extra = source === "query" ? request.query : request.body;
  if (extra === undefined || extra === null) return { ...params };
  if (typeof extra !== "object" || Array.isArray(extra)) {
    throw new AppError("BAD_REQUEST", "The request body must be a JSON object");
  }
  return { ...(extra as Input), ...params };
}
