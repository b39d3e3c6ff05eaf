// GET /api/health: for load balancers and orchestrators. 200 when the database answers a query,
// 503 when it does not (the instance itself is up and recovers when the database is back).
import { MESSAGES } from "@forum/contracts";
import type { DbHandle } from "@forum/db";
import type { FastifyInstance } from "fastify";

export function registerHealth(app: FastifyInstance, database: DbHandle): void {
  app.get("/api/health", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await database.ping();
      return { status: "ok", database: database.engine };
    } catch (error) {
      app.log.warn({ err: error }, "health check: the database does not answer");
      return reply
        .code(503)
        .send({ status: "unavailable", database: database.engine, message: MESSAGES.databaseUnavailable });
    }
  });
}
