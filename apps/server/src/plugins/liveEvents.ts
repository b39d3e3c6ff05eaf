// GET /api/events: the live stream (server-sent events) of one tab: the events of the post it has
// open (`?post=<id>`) and, for a signed-in member, their own (the unread notification count).
// The hub (packages/api live/hub.ts) decides who hears what; this route lets a stream in, writes
// to it, and ends it. Not a procedure: its answer is a stream, not JSON.
import { AppError, type LiveHub, type LiveStream } from "@forum/api";
import { LIVE_LIMITS, LIVE_MESSAGES, MESSAGES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import type { FastifyInstance } from "fastify";
import { plainFailure } from "../openapi/failures";
import type { ContextFactory } from "./context";

export const LIVE_EVENTS_ROUTE = "/api/events";

const documented = {
  openapi: {
    plain: {
      tag: "live",
      summary:
        "The live stream (server-sent events) of a tab: the open post's new, edited and deleted replies, votes and state (post), and the signed-in member's unread notification count; resumes with Last-Event-ID",
      parameters: [
        { name: "post", in: "query", required: false, schema: { type: "integer" } },
        { name: "lastEventId", in: "query", required: false, schema: { type: "string" } },
        { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string" } },
      ],
      responses: {
        200: {
          description:
            'text/event-stream: events "ready" (first), "reply", "reply-edited", "reply-deleted", "votes", "post", "notifications" (JSON data), "resync" (read the page again), and keep-alive comments',
          contentType: "text/event-stream",
          schema: { type: "string" },
        },
        400: plainFailure(LIVE_MESSAGES.badPost),
        404: plainFailure(MESSAGES.postNotFound),
        429: plainFailure(`${LIVE_MESSAGES.tooManyForMember}; or: ${LIVE_MESSAGES.tooManyForAddress}`),
      },
    },
  },
};

export function registerLiveEvents(
  app: FastifyInstance,
  options: { contextFor: ContextFactory; hub: LiveHub; reader: ForumDb },
): void {
  const { hub } = options;
  // Before the server waits for open connections to end: it would wait for ever on a stream.
  app.addHook("preClose", (done) => {
    hub.closeAll();
    done();
  });

  app.get(LIVE_EVENTS_ROUTE, { config: documented }, async (request, reply) => {
    const query = request.query as { post?: string; lastEventId?: string };
    const postId = query.post === undefined ? null : Number(query.post);
    if (postId !== null && !(Number.isSafeInteger(postId) && postId > 0)) {
      throw new AppError("BAD_REQUEST", LIVE_MESSAGES.badPost);
    }
    const ctx = await options.contextFor(request, reply);
    if (postId !== null) {
      const post = await options.reader.selectFrom("posts").select("id").where("id", "=", postId).executeTakeFirst();
      if (!post) throw new AppError("NOT_FOUND", MESSAGES.postNotFound);
    }
    const memberId = ctx.user?.id ?? null;
    const refusal = hub.refusal(memberId, ctx.clientIp);
    if (refusal) {
      throw new AppError(
        "TOO_MANY_REQUESTS",
        refusal === "member" ? LIVE_MESSAGES.tooManyForMember : LIVE_MESSAGES.tooManyForAddress,
      );
    }

    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-content-type-options": "nosniff",
      // nginx: pass each event on at once (deploy/nginx.conf says so too).
      "x-accel-buffering": "no",
    });
    raw.socket?.setNoDelay(true);
    const stream: LiveStream = {
      memberId,
      // A banned member hears what a visitor hears.
      hearsMember: ctx.user !== null && !ctx.user.banned,
      postId,
      address: ctx.clientIp,
      write: (chunk) => {
        if (raw.destroyed) return;
        raw.write(chunk);
        // A client that cannot keep up is dropped, not buffered for: it reconnects with Last-Event-ID.
        if (raw.writableLength > LIVE_LIMITS.maxBufferedBytes) raw.destroy();
      },
      end: () => raw.end(),
    };
    const lastEventId = request.headers["last-event-id"] ?? query.lastEventId ?? null;
    const forget = hub.open(stream, Array.isArray(lastEventId) ? (lastEventId[0] ?? null) : lastEventId);
    raw.on("close", forget);
  });
}
