// The roof of the benchmark: a bare Fastify hello-world in the same kind of process as the forum
// (node --enable-source-maps, NODE_ENV=production, logging at warn). No route can beat it.
import Fastify from "fastify";

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? "warn" } });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ host: process.env.HOST ?? "127.0.0.1", port: Number(process.env.PORT ?? 3001) });
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => app.close().then(() => process.exit(0)));
