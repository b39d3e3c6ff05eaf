// A direct path for tRPC queries (GET /trpc/a.b,c.d?batch=1&input=...), the web app's every read.
// The stock Fastify adapter turns each request into a fetch Request and its answer into a fetch
// Response; measured with npm run bench, that served the home feed at about half the rate of
// the same procedure behind the REST door. Here a query runs through the same caller as REST
// and answers tRPC's own wire format. Anything this path does not handle (a body, an unknown
// or non-query procedure, malformed input) goes to the stock handler, untouched.
import { createCaller, errorBody, httpStatusOf, toAppError } from "@forum/api";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ContextFactory } from "./context";
import { bodiesOf, jsonOf, sendBodies } from "./jsonBody";
import { callProcedure, isQuery } from "./procedures";
import type { SharedAnswers } from "./sharedAnswers";

export type QueryCall = { paths: string[]; inputs: unknown[]; isBatch: boolean };

/** The calls of a GET request, or null when the stock handler should answer it. */
export function parseQueryRequest(request: FastifyRequest, maxBatchSize: number): QueryCall | null {
  const { path } = request.params as { path: string };
  const query = request.query as Record<string, string | undefined>;
  const isBatch = query.batch === "1" || query.batch === "true";
  const paths = isBatch ? path.split(",") : [path];
  if (paths.length > maxBatchSize) return null;
  if (!paths.every(isQuery)) return null;
  let raw: unknown;
  try {
    raw = query.input === undefined ? undefined : JSON.parse(query.input);
  } catch {
    return null;
  }
  if (isBatch && raw !== undefined && (typeof raw !== "object" || raw === null)) return null;
  const inputs = isBatch ? paths.map((_, index) => (raw as Record<string, unknown> | undefined)?.[index]) : [raw];
  return { paths, inputs, isBatch };
}

/** The error item exactly as the router's errorFormatter shapes it (see packages/api/src/trpc.ts). */
export function errorItem(cause: unknown) {
  const error = toAppError(cause);
  const httpStatus = httpStatusOf(error);
  const { message, ...details } = errorBody(error);
  return {
    httpStatus,
    error,
    body: {
      error: { message, code: TRPC_ERROR_CODES_BY_KEY[error.kind], data: { code: error.kind, httpStatus, ...details } },
    },
  };
}

/** One successful call's item of tRPC's wire format. */
function resultItem(answer: unknown): string {
  const data = jsonOf(answer);
  return data === undefined ? '{"result":{}}' : `{"result":{"data":${data}}}`;
}

export async function answerQueries(
  call: QueryCall,
  request: FastifyRequest,
  reply: FastifyReply,
  contextFor: ContextFactory,
  onInternalError: (error: unknown, path: string) => void,
  shared: SharedAnswers,
) {
  let status = 200;
  const { bodies } = await shared.serve(request.url, shared.readsOf(request, call.paths), async () => {
    const computed = await callQueries(call, request, reply, contextFor, onInternalError);
    status = computed.status;
    return computed.bodies ? { ...computed, bodies: computed.bodies, keep: status === 200 } : null;
  });
  return sendBodies(request, reply, status, bodies);
}

/** The calls' answers in tRPC's wire format, with the one answer of a single call. */
async function callQueries(
  call: QueryCall,
  request: FastifyRequest,
  reply: FastifyReply,
  contextFor: ContextFactory,
  onInternalError: (error: unknown, path: string) => void,
) {
  // A context that fails (a revoked API token, a database away) fails each call in tRPC's own
  // shape, so the client reads its message as it reads any procedure's.
  const caller = contextFor(request, reply).then(createCaller);
  const settled = await Promise.allSettled(
    call.paths.map(async (path, index) => callProcedure(await caller, path, call.inputs[index])),
  );
  const statuses = new Set<number>();
  // Each item's JSON is built from its answer's remembered JSON (see jsonBody.ts), so a cached
  // answer is not serialised again whatever batch it comes in.
  const items = settled.map((outcome, index) => {
    if (outcome.status === "fulfilled") {
      statuses.add(200);
      return resultItem(outcome.value);
    }
    const failure = errorItem(outcome.reason);
    if (failure.httpStatus >= 500) onInternalError(failure.error.cause ?? failure.error, call.paths[index] ?? "");
    statuses.add(failure.httpStatus);
    return JSON.stringify(failure.body);
  });
  // tRPC's rule: one status when every call agrees, 207 Multi-Status when they differ.
  const status = statuses.size === 1 ? ([...statuses][0] ?? 200) : 207;
  const body = () => (call.isBatch ? `[${items.join(",")}]` : items[0]);
  // A single successful call keeps its body with its answer, like the REST door.
  const single = settled.length === 1 && settled[0]?.status === "fulfilled" ? settled[0].value : null;
  const bodies = bodiesOf(single, call.isBatch ? "trpc-batch" : "trpc", body);
  const serialize = (answer: unknown) => (call.isBatch ? `[${resultItem(answer)}]` : resultItem(answer));
  return { status, bodies, answer: single, serialize };
}
