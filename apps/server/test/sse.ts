// A client of the live stream (GET /api/events) over real HTTP, as a browser's EventSource reads
// it: the events in order, the last id, and whether the server ended the stream.
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, vi } from "vitest";
import type { ForumApp } from "../src/app";

export type HeardEvent = { id: string | null; event: string; data: unknown };

export type EventStream = {
  status: number;
  /** The JSON body of a refused stream. */
  body: unknown;
  events: HeardEvent[];
  /** The last id the stream gave (what EventSource would send as Last-Event-ID). */
  lastId: string | null;
  ended: boolean;
  /** Waits until an event of this name (and matching `where`) has arrived; answers it. */
  next: (event: string, where?: (data: never) => boolean) => Promise<HeardEvent>;
  /** Stops reading (the client cannot keep up). */
  pause: () => void;
  close: () => void;
};

/** The address `app` listens on, listening first if it does not yet. */
export async function baseUrlOf(app: ForumApp): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export async function openEvents(
  app: ForumApp,
  options: { post?: number | string; cookie?: string | undefined; lastEventId?: string } = {},
): Promise<EventStream> {
  const base = await baseUrlOf(app);
  const url = new URL("/api/events", base);
  if (options.post !== undefined) url.searchParams.set("post", String(options.post));
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId) headers["last-event-id"] = options.lastEventId;
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.setEncoding("utf8");
      const stream: EventStream = {
        status: res.statusCode ?? 0,
        body: undefined,
        events: [],
        lastId: null,
        ended: false,
        next: (event, where) =>
          vi.waitFor(
            () => {
              const found = stream.events.find(
                (heard) => heard.event === event && (!where || where(heard.data as never)),
              );
              expect(found, `event ${event}`).toBeDefined();
              return found as HeardEvent;
            },
            { timeout: 5_000, interval: 5 },
          ),
        pause: () => res.pause(),
        close: () => req.destroy(),
      };
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          heard(stream, block);
          end = buffer.indexOf("\n\n");
        }
      });
      res.on("end", () => {
        stream.ended = true;
        if (stream.status !== 200) stream.body = JSON.parse(buffer);
      });
      res.on("close", () => {
        stream.ended = true;
      });
      if (stream.status !== 200) res.on("end", () => resolve(stream));
      else resolve(stream);
    });
    req.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code !== "ECONNRESET") reject(error);
    });
    req.end();
  });
}

/** One block of the stream, read as the EventSource specification reads it. */
function heard(stream: EventStream, block: string): void {
  let id: string | null = null;
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id") id = value;
    else if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  if (id !== null) stream.lastId = id;
  if (data.length > 0) stream.events.push({ id, event, data: JSON.parse(data.join("\n")) });
}
