// A read that arrives while writes are queued is answered before them, not after all of them.
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost, signedIn, startForum, type TestForum } from "./harness";

let forum: TestForum;
let port: number;
beforeAll(async () => {
  forum = await startForum();
  await forum.app.listen({ host: "127.0.0.1", port: 0 });
  port = (forum.app.server.address() as AddressInfo).port;
});
afterAll(() => forum.close());

/** One HTTP request over `agent`'s kept-alive sockets; resolves to the status. */
function send(agent: Agent, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, method, path, headers, agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

describe("write turns", () => {
  it("answers a read between queued writes", async () => {
    const member = await signedIn(forum);
    const categoryId = await insertCategory(forum.db, "Busy");
    const posts = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        insertPost(forum.db, { authorId: member.user.id, categoryId, title: `P${n}` }),
      ),
    );
    const headers = { "content-type": "application/json", cookie: member.jar.cookie ?? "" };
    // Connections opened beforehand, so the writes and the read arrive at once, without a handshake.
    const writers = new Agent({ keepAlive: true, maxSockets: posts.length });
    const reader = new Agent({ keepAlive: true, maxSockets: 1 });
    await Promise.all(posts.map(() => send(writers, "GET", "/api/categories")));
    await send(reader, "GET", "/api/categories");

    let writesDone = 0;
    const writes = posts.map(async (post) => {
      const body = JSON.stringify({ type: "upvote", postId: post.id });
      expect(await send(writers, "POST", "/api/votes", headers, body)).toBe(200);
      writesDone++;
    });
    expect(await send(reader, "GET", "/api/categories")).toBe(200);
    const writesBeforeRead = writesDone;
    await Promise.all(writes);
    writers.destroy();
    reader.destroy();
    expect(writesDone).toBe(posts.length);
    // Without turns, every write that reached the server before the read ran first.
    expect(writesBeforeRead).toBeLessThan(posts.length / 4);
  });
});
