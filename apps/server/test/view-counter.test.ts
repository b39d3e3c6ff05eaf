// The view counter on its own: a post's figure (stored count plus the views not yet written) is
// exact at every moment of a flush, whether the flush commits or fails.
import { ViewCounter } from "@forum/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost, insertUser, startForum, type TestForum } from "./harness";

let forum: TestForum;
let postId: number;
beforeAll(async () => {
  forum = await startForum();
  const author = await insertUser(forum.db);
  postId = (await insertPost(forum.db, { authorId: author.id, categoryId: await insertCategory(forum.db) })).id;
});
afterAll(() => forum.close());

const storedViews = async () =>
  (await forum.db.selectFrom("posts").select("views").where("id", "=", postId).executeTakeFirstOrThrow()).views;

describe("view counter", () => {
  it("adds to reads of the stored count, made at any moment of a flush, exactly the views they lack", async () => {
    const counter = new ViewCounter(forum.db);
    const before = await storedViews();
    for (let i = 0; i < 3; i++) counter.record(postId);
    const figures: Promise<number>[] = [];
    const readFigure = () =>
      figures.push(counter.readStored(storedViews).then((views) => views + counter.pendingFor(postId)));
    readFigure();
    const flushing = counter.flush();
    // Reads starting before the flush begins, while its statements run, and as it commits.
    for (let i = 0; i < 8; i++) {
      readFigure();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await flushing;
    expect(await Promise.all(figures)).toEqual(Array.from({ length: 9 }, () => before + 3));
    expect(await storedViews()).toBe(before + 3);
    expect(counter.pendingFor(postId)).toBe(0);
  });

  it("keeps showing the views of a flush that failed, for the next flush to write", async () => {
    // The same database under a schema that does not exist: every statement of the flush fails.
    const failing = new ViewCounter(forum.db.withSchema("no_such_schema"));
    failing.record(postId);
    failing.record(postId);
    const flush = failing.flush();
    expect(failing.pendingFor(postId)).toBe(2);
    await expect(flush).rejects.toThrow();
    expect(failing.pendingFor(postId)).toBe(2);
    expect(failing.record(postId)).toBe(3);
  });
});
