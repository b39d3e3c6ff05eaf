// Every request's id: on each of its log lines (Fastify's `reqId`) and in the answer's
// X-Request-Id header, so a user's report or a proxy's log leads to the server's lines. A proxy
// in front may have named the request already: its id is kept when it looks like one (letters,
// digits and . _ : - only, so nothing odd reaches a log line), else a new one is made.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
}

export function sendRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
