// GET /metrics (FORUM_METRICS=true only; otherwise no route and no hook at all). A client that
// may not read it (access.ts) gets the same 404 as when metrics are off: the figures of a forum
// are not advertised to the public.
import { AppError } from "@forum/api";
import type { FastifyInstance } from "fastify";
import { type MetricsAccess, metricsAccessCheck } from "./access";
import type { ForumMetrics } from "./collector";
import { observeRequests } from "./requests";
import { type MetricSources, registerSources } from "./sources";

export const METRICS_PATH = "/metrics";

export type MetricsOptions = MetricsAccess & { collector: ForumMetrics };

export function registerMetrics(app: FastifyInstance, options: MetricsOptions, sources: MetricSources): void {
  const { registry } = options.collector;
  registerSources(registry, sources);
  observeRequests(app, options.collector);
  const mayRead = metricsAccessCheck(options);
  // Any host: a scraper names each instance by its own address, and the answer never shows it.
  app.get(METRICS_PATH, { config: { anyHost: true } }, async (request, reply) => {
    if (!mayRead(request)) throw new AppError("NOT_FOUND", `Not found: GET ${METRICS_PATH}`);
    const text = await registry.metrics();
    return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
  });
}
