// Registers the REST route table: each request builds the same context as the tRPC door and
// calls the procedure through a server-side caller, so both doors share one implementation.
import { createCaller } from "@forum/api";
import type { FastifyInstance } from "fastify";
import type { ContextFactory } from "../plugins/context";
import { inputOf, restRoutes } from "./routes";

export function registerRestRoutes(app: FastifyInstance, contextFor: ContextFactory): void {
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const api = createCaller(await contextFor(request, reply));
        const input = route.read ? await route.read(request, api) : inputOf(route, request);
        const result = await route.call(api, input);
        return reply.code(route.status ?? 200).send(result);
      },
    });
  }
}
