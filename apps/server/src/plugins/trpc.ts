// The tRPC door at /trpc, as the web app and the typed client call it.
import { type AppRouter, appRouter } from "@forum/api";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import type { FastifyInstance } from "fastify";
import type { ContextFactory } from "./context";

export async function registerTrpc(app: FastifyInstance, contextFor: ContextFactory): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => contextFor(req, res),
      maxBatchSize: 20,
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR")
          app.log.error({ err: error.cause ?? error, path }, "procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}
