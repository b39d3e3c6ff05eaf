// Requests with a method a path does not serve: 405 with an Allow header when the path exists
// for other methods, 404 when it does not, never a 5xx. The tRPC door answers in tRPC's error
// format (what its clients read, as for its other errors); the REST door answers { message }.
import { AppError } from "@forum/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { procedureType } from "./procedures";
import { errorItem } from "./trpcQueries";

/** How each kind of procedure is called on the tRPC door. */
const TRPC_METHODS = { query: ["GET", "HEAD"], mutation: ["POST"], subscription: ["GET"] } as const;

export function refuseTrpcMethod(request: FastifyRequest, reply: FastifyReply) {
  const { path } = request.params as { path: string };
  const query = request.query as Record<string, unknown>;
  const names = query.batch === "1" || query.batch === "true" ? path.split(",") : [path];
  const types = names.map(procedureType);
  const unknown = names.find((_, index) => types[index] === undefined);
  let error: AppError;
  if (unknown !== undefined) {
    error = new AppError("NOT_FOUND", `No procedure found on path "${unknown}"`);
  } else {
    const allowed = [...new Set(types.flatMap((type) => (type ? TRPC_METHODS[type] : [])))];
    reply.header("allow", allowed.join(", "));
    error = allowed.includes(request.method as never)
      ? // A HEAD the direct query path could not read (malformed input, too many calls).
        new AppError("BAD_REQUEST", "The request is not valid")
      : new AppError(
          "METHOD_NOT_SUPPORTED",
          `${request.method} is not allowed on "${path}": use ${allowed.join(" or ")}`,
        );
  }
  const item = errorItem(error);
  return reply.code(item.httpStatus).send(item.body);
}

const REST_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/**
 * The methods the REST route table serves on a concrete path ("/api/posts/12"). The web app's
 * catch-all GET route (a "*" parameter) is not one of them.
 */
export function restMethodsOf(app: FastifyInstance, path: string): string[] {
  const methods: string[] = REST_METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !(route.params && "*" in route.params);
  });
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}
