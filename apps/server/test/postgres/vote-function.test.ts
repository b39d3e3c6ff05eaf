// PostgreSQL's vote functions (migration 0033) compute a post's scores in the database with
// ranking.ts's constants written in: their scores must be the ones hotScore() and
// controversialScore() give, for counts on both sides of zero and posts of any age.
import { controversialScore, hotScore, votePostOnServer, voteReplyOnServer } from "@forum/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost, insertUser, startForum, type TestForum } from "../harness";

let forum: TestForum;
let authorId: number;
let categoryId: number;

beforeAll(async () => {
  forum = await startForum();
  authorId = (await insertUser(forum.db)).id;
  categoryId = await insertCategory(forum.db, "Scores");
});
afterAll(() => forum.close());

const DAY = 86_400_000;
const COUNTS: Array<[number, number]> = [
  [0, 0],
  [1, 0],
  [0, 1],
  [3, 3],
  [17, 4],
  [4, 17],
  [999, 1],
  [250, 249],
];
const TIMES = [Date.UTC(2023, 5, 1), Date.UTC(2024, 0, 1), Date.UTC(2026, 10, 29, 15, 0, 0, 123), Date.UTC(2031, 2, 3)];

describe("forum_vote_post", () => {
  it("stores and returns the scores ranking.ts computes, for any counts and age", async () => {
    for (const createdAt of TIMES) {
      for (const [up, down] of COUNTS) {
        const { id } = await insertPost(forum.db, { authorId, categoryId, createdAt });
        // The counts before the vote; the vote (an upvote by a new member) adds one up.
        await forum.db.updateTable("posts").set({ upvotes: up, downvotes: down }).where("id", "=", id).execute();
        const voter = (await insertUser(forum.db)).id;
        const voted = await votePostOnServer(forum.db, { targetId: id, userId: voter, value: 1, now: createdAt + DAY });
        const expected = { hot: hotScore(up + 1, down, createdAt), controversial: controversialScore(up + 1, down) };
        expect(voted).toMatchObject({ upvotes: up + 1, downvotes: down, myVote: 1, newScore: up + 1 - down });
        expect(voted?.newHotScore).toBeCloseTo(expected.hot, 9);
        expect(voted?.newControversialScore).toBeCloseTo(expected.controversial, 9);
        const stored = await forum.db
          .selectFrom("posts")
          .select(["upvotes", "downvotes", "score", "hotScore", "controversialScore"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        expect(stored).toMatchObject({ upvotes: up + 1, downvotes: down, score: up + 1 - down });
        expect(stored.hotScore).toBeCloseTo(expected.hot, 9);
        expect(stored.controversialScore).toBeCloseTo(expected.controversial, 9);
      }
    }
  });

  it("takes a vote back, switches it, and finds no post that is not there", async () => {
    const createdAt = Date.now();
    const { id } = await insertPost(forum.db, { authorId, categoryId, createdAt });
    const voter = (await insertUser(forum.db)).id;
    const vote = (value: 1 | -1) => votePostOnServer(forum.db, { targetId: id, userId: voter, value, now: createdAt });
    expect(await vote(-1)).toMatchObject({ upvotes: 0, downvotes: 1, myVote: -1, newScore: -1 });
    expect(await vote(1)).toMatchObject({ upvotes: 1, downvotes: 0, myVote: 1, newScore: 1 });
    const back = await vote(1);
    expect(back).toMatchObject({ upvotes: 0, downvotes: 0, myVote: null, newScore: 0, newControversialScore: 0 });
    expect(back?.newHotScore).toBeCloseTo(hotScore(0, 0, createdAt), 9);
    expect(await votePostOnServer(forum.db, { targetId: 999_999, userId: voter, value: 1, now: createdAt })).toBeNull();
    expect(
      await voteReplyOnServer(forum.db, { targetId: 999_999, userId: voter, value: 1, now: createdAt }),
    ).toBeNull();
  });
});
