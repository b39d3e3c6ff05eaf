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
        const sharedKey = shared.keyOf(request, procedureNames);
        const kept = sharedKey === null ? undefined : shared.get(sharedKey);
        if (kept) return sendBodies(request, reply, 200, kept);

        const stamp = shared.stamp();
        const api = createCaller(await contextFor(request, reply));
        const input = route.body ? await route.body.read(request, api) : inputOf(route, request);
        const result = await callProcedure(api, route.procedure, input);
        const bodies = bodiesOf(result, "rest", () => jsonOf(result));
        if (sharedKey !== null && bodies) shared.set(sharedKey, stamp, bodies);
        return sendBodies(request, reply, route.status ?? 200, bodies);
      },
    });
  }
}
