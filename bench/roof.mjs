// The roof of the benchmark: a bare Fastify hello-world in the same kind of process as the forum
// (node --enable-source-maps, NODE_ENV=production, logging at warn). No route can beat it.
// ROOF_BODY_BYTES=n: the "same-size roof", answering n bytes made once (as a page's kept,
// compressed body is sent): what this machine and one autocannon process reach for an answer
// of that size, which bounds the HTML scenarios far below the 17-byte hello-world.
import { randomBytes } from "node:crypto";
import Fastify from "fastify";

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? "warn" } });
const bodyBytes = Number(process.env.ROOF_BODY_BYTES ?? 0);
if (bodyBytes > 0) {
  const body = randomBytes(bodyBytes);
  // Sent as it is (random bytes compress no further), like a kept page's brotli body.
  app.get("/", (_request, reply) => reply.type("application/octet-stream").send(body));
} else {
  app.get("/", async () => ({ hello: "world" }));
}
await app.listen({ host: process.env.HOST ?? "127.0.0.1", port: Number(process.env.PORT ?? 3001) });
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => app.close().then(() => process.exit(0)));
