// Requests with a method a path does not serve: 405 when the path exists for other methods, 404
// when it does not, never a 5xx. One rule on both doors (issue 25): every 405 names in Allow
// exactly the methods the path serves, whatever the refused method (a query by POST, PUT, TRACE,
// a method Fastify does not route), so a client can retry with one of them. The tRPC door
// answers in tRPC's error format (what its clients read, as for its other errors); the REST door
// answers { message }.
import { AppError } from "@forum/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { procedureType } from "./procedures";
import { errorItem } from "./trpcQueries";

/** How each kind of procedure is called on the tRPC door. */
const TRPC_METHODS = { query: ["GET", "HEAD"], mutation: ["POST"], subscription: ["GET"] } as const;

export const TRPC_PREFIX = "/trpc/";

type TrpcPath = {
  /** The procedure names as the URL writes them ("posts.list", or a batch "a,b"). */
  path: string;
  /** A name the router does not have. */
  unknown: string | undefined;
  /** The methods the procedures are called with (a batch: any of its procedures'). */
  allowed: string[];
};

/** What a /trpc/… request names, read from its URL (the 404 handler has no route parameters). */
function trpcPathOf(request: FastifyRequest): TrpcPath {
  const pathname = (request.url.split("?")[0] ?? "").slice(TRPC_PREFIX.length);
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    path = pathname;
  }
  const query = request.query as Record<string, unknown>;
  const names = query.batch === "1" || query.batch === "true" ? path.split(",") : [path];
  const types = names.map(procedureType);
  const unknown = names.find((_, index) => types[index] === undefined);
  const allowed = [...new Set(types.flatMap((type) => (type ? TRPC_METHODS[type] : [])))];
  return { path, unknown, allowed };
}

/** Whether the tRPC door serves this request's method for the procedures it names (unknown names: tRPC answers). */
export function trpcServes(request: FastifyRequest): boolean {
  const { unknown, allowed } = trpcPathOf(request);
  return unknown !== undefined || allowed.includes(request.method);
}

export function refuseTrpcMethod(request: FastifyRequest, reply: FastifyReply) {
  const { path, unknown, allowed } = trpcPathOf(request);
  let error: AppError;
  if (unknown !== undefined) {
    error = new AppError("NOT_FOUND", `No procedure found on path "${unknown}"`);
  } else {
    reply.header("allow", allowed.join(", "));
    error = allowed.includes(request.method)
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
