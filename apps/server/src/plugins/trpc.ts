// The tRPC door at /trpc, as the web app and the typed client call it: queries by GET take the
// direct path in trpcQueries.ts; mutations by POST (and what the direct path leaves) go through
// tRPC's stock Fastify handler; a method the named procedures are not called with is refused here,
// with the methods they are (methodRefusal.ts; a method no route takes, in the 404 handler).
import { type AppRouter, appRouter, toAppError } from "@forum/api";
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContextFactory } from "./context";
import { refuseTrpcMethod, trpcServes } from "./methodRefusal";
import type { SharedAnswers } from "./sharedAnswers";
import { answerQueries, parseQueryRequest } from "./trpcQueries";

const MAX_BATCH_SIZE = 20;

export async function registerTrpc(
  app: FastifyInstance,
  contextFor: ContextFactory,
  shared: SharedAnswers,
): Promise<void> {
  const logInternal = (error: unknown, path: string) => app.log.error({ err: error, path }, "procedure failed");
  const trpcOptions = {
    router: appRouter,
    createContext: ({ req, res }) => contextFor(req, res),
    maxBatchSize: MAX_BATCH_SIZE,
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logInternal(error.cause ?? error, path ?? "");
    },
    // A throttled call tells the client how long to wait, as the REST door does.
    responseMeta: ({ errors }) => {
      const seconds = errors.map((error) => toAppError(error).retryAfterSeconds).find((value) => value !== undefined);
      return seconds === undefined ? {} : { headers: { "retry-after": String(seconds) } };
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"];

  const stock = (request: FastifyRequest, reply: FastifyReply) =>
    fastifyRequestHandler({
      ...trpcOptions,
      req: request,
      res: reply,
      path: (request.params as { path: string }).path,
    });

  await app.register(async (scope) => {
    // As tRPC's own plugin does: it reads raw bodies itself (JSON, or form data for uploads).
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.removeContentTypeParser("multipart/form-data");
    scope.addContentTypeParser("multipart/form-data", {}, (_request, body, done) => done(null, body));

    // Fastify answers HEAD with this GET route too. tRPC's stock handler cannot answer HEAD (it
    // hands Fastify a fetch Response and the request ends in a 500), so what the direct path
    // does not answer is refused here instead. tRPC's own refusal of a mutation by GET or a
    // query by POST names no methods: those are refused here too.
    scope.get("/trpc/:path", async (request, reply) => {
      const call = parseQueryRequest(request, MAX_BATCH_SIZE);
      if (call) return answerQueries(call, request, reply, contextFor, logInternal, shared);
      return request.method === "HEAD" || !trpcServes(request)
        ? refuseTrpcMethod(request, reply)
        : stock(request, reply);
    });
    scope.post("/trpc/:path", (request, reply) =>
      trpcServes(request) ? stock(request, reply) : refuseTrpcMethod(request, reply),
    );
    scope.route({ method: ["PUT", "DELETE", "PATCH", "OPTIONS"], url: "/trpc/:path", handler: refuseTrpcMethod });
  });
}
