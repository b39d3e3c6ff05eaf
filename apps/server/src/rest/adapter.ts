// Registers the REST route table: each request builds the same context as the tRPC door and
// calls the procedure through a server-side caller, so both doors share one implementation.
import { createCaller } from "@forum/api";
import type { FastifyInstance } from "fastify";
import type { ContextFactory } from "../plugins/context";
import { bodiesOf, jsonOf, sendBodies } from "../plugins/jsonBody";
import { assertProcedureExists, callProcedure } from "../plugins/procedures";
import type { SharedAnswers } from "../plugins/sharedAnswers";
import { inputOf, restRoutes } from "./routes";

export function registerRestRoutes(app: FastifyInstance, contextFor: ContextFactory, shared: SharedAnswers): void {
  for (const route of restRoutes) {
    assertProcedureExists(route.procedure);
    const procedureNames = [route.procedure];
    app.route({
      method: route.method,
      url: route.url,
      config: { openapi: { rest: route } },
      handler: async (request, reply) => {
        const reads = shared.readsOf(request, procedureNames, () => inputOf(route, request));
        const { bodies, kept } = await shared.serve(request.url, reads, async () => {
          const api = createCaller(await contextFor(request, reply));
          const input = route.body ? await route.body.read(request, api) : inputOf(route, request);
          const result = await callProcedure(api, route.procedure, input);
          const computed = bodiesOf(result, "rest", () => jsonOf(result));
          return computed ? { bodies: computed, answer: result, serialize: jsonOf, keep: true } : null;
        });
        return sendBodies(request, reply, kept ? 200 : (route.status ?? 200), bodies);
      },
    });
  }
}
