// What an /api route tells the OpenAPI document about itself, carried in its Fastify route config
// (`config: { openapi }`): a row of the REST route table (documented from its procedure), or an
// operation described in place (health, the document itself, the reference page). The server
// refuses to start with an /api route that carries neither (see register.ts).
import type { z } from "zod";
import type { RestRoute } from "../rest/routes";
import type { JsonSchema } from "./jsonSchemas";

export type PlainResponse = {
  description: string;
  contentType: string | string[];
  schema?: z.ZodType | JsonSchema;
};

export type PlainOperation = {
  summary: string;
  tag: string;
  description?: string;
  parameters?: JsonSchema[];
  responses: Record<number, PlainResponse>;
};

export type RouteDoc = { rest: RestRoute } | { plain: PlainOperation };

declare module "fastify" {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
}

/** A route as Fastify registered it, with its description. */
export type DocumentedRoute = { method: string; url: string; doc: RouteDoc };
