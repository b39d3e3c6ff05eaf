// GET /api/health: for load balancers and orchestrators. 200 when the database answers a query,
// 503 when it does not (the instance itself is up and recovers when the database is back).
import { MESSAGES } from "@forum/contracts";
import type { DbHandle } from "@forum/db";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["sqlite", "postgres"]),
  message: z.string().optional(),
});

const documented = {
  openapi: {
    plain: {
      tag: "health",
      summary: "Whether this instance can serve: 200 when its database answers, 503 when not",
      responses: {
        200: { description: "The database answers", contentType: "application/json", schema: healthSchema },
        503: { description: "The database does not answer", contentType: "application/json", schema: healthSchema },
      },
    },
  },
};

export function registerHealth(app: FastifyInstance, database: DbHandle): void {
  app.get("/api/health", { config: documented }, async (_request, reply) => {
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
