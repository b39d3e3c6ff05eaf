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
        const kept = reads === null ? undefined : shared.get(request.url);
        if (kept) return sendBodies(request, reply, 200, kept);

        const stamp = reads === null ? null : shared.stamp(reads);
        const api = createCaller(await contextFor(request, reply));
        const input = route.body ? await route.body.read(request, api) : inputOf(route, request);
        const result = await callProcedure(api, route.procedure, input);
        const bodies = bodiesOf(result, "rest", () => jsonOf(result));
        if (reads !== null && stamp !== null && bodies) {
          shared.set(request.url, reads, stamp, { answer: result, bodies, serialize: jsonOf });
        }
        return sendBodies(request, reply, route.status ?? 200, bodies);
      },
    });
  }
}
