// GET /api/openapi.json: the OpenAPI document of every /api route this server registered. It is
// registered before any route so it sees them all; a route under /api without a description
// stops the server at start-up, naming it.
import type { FastifyInstance, RouteOptions } from "fastify";
import { bodiesOf, jsonOf, sendBodies } from "../plugins/jsonBody";
import { buildOpenApiDocument } from "./document";
import type { DocumentedRoute } from "./routeDocs";

const DOCUMENTED_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

export function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/");
}

export function registerOpenApi(app: FastifyInstance): void {
  const routes: DocumentedRoute[] = [];
  const undocumented: string[] = [];
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!isApiPath(route.url)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) =>
      DOCUMENTED_METHODS.has(method),
    );
    const doc = route.config?.openapi;
    for (const method of methods) {
      if (doc) routes.push({ method, url: route.url, doc });
      else undocumented.push(`${method} ${route.url}`);
    }
  });
  app.addHook("onReady", async () => {
    if (undocumented.length > 0) {
      throw new Error(
        `Routes under /api need an OpenAPI description (config.openapi, or a procedure's meta.rest): ${undocumented.join(", ")}`,
      );
    }
  });

  // Built on the first request, then kept: the routes do not change once the server runs.
  let document: object | undefined;
  app.get(
    "/api/openapi.json",
    {
      config: {
        openapi: {
          plain: {
            tag: "documentation",
            summary: "This OpenAPI 3.1 document",
            responses: {
              200: {
                description: "The document",
                contentType: "application/json",
                schema: { type: "object", required: ["openapi", "info", "paths"] },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      document ??= buildOpenApiDocument(routes);
      reply.header("cache-control", "no-cache");
      return sendBodies(
        request,
        reply,
        200,
        bodiesOf(document, "rest", () => jsonOf(document)),
      );
    },
  );
}
