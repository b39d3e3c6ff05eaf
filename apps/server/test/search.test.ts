// GET /api/search and /api/search/count on both engines: ranking, stemming, prefixes, phrases,
// hostile input, and every write visible to the next search.
import { down as beforeNames, up as withNames } from "@forum/db/migrations/0019_search_names";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, insertCategory, signedIn, startForum, TEST_ENGINE, type TestForum } from "./harness";

let forum: TestForum;
let categoryId: number;
let otherCategoryId: number;
let author: Client;
let replier: Awaited<ReturnType<typeof signedIn>>;
const visitor = () => client(forum.app);

type Result = { id: number; title: string; snippet: string; matchedIn: string };

async function post(member: Client, title: string, content: string, category = categoryId) {
  const res = await member.post("/api/posts", { title, content, categoryId: category });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; slug: string };
}

async function reply(member: Client, postId: number, content: string) {
  const res = await member.post(`/api/posts/${postId}/replies`, { content });
  if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

async function search(query: string): Promise<Result[]> {
  const res = await visitor().get(`/api/search?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const titles = (results: Result[]) => results.map((result) => result.title);

beforeAll(async () => {
  forum = await startForum();
  categoryId = await insertCategory(forum.db, "Search Cat");
  otherCategoryId = await insertCategory(forum.db, "Other Cat");
  author = await signedIn(forum, { username: "search-author" });
  replier = await signedIn(forum, { username: "search-replier" });
});
afterAll(() => forum.close());

describe("GET /api/search", () => {
  it("ranks title matches above content matches above reply matches, newer first on ties", async () => {
    const inReply = await post(author, "Kettle maintenance", "Descaling every month keeps it quiet.");
    await reply(replier, inReply.id, "My zeppelin hangar has the same kettle.");
    const inContent = await post(author, "Airship hangar notes", "A zeppelin needs a very large hangar.");
    const olderTitle = await post(author, "Zeppelin history", "Count Ferdinand built the first ones.");
    const newerTitle = await post(author, "Zeppelin history", "The same title, written later.");

    const results = await search("q=zeppelin");
    expect(results.map((result) => [result.id, result.matchedIn])).toEqual([
      [newerTitle.id, "title"],
      [olderTitle.id, "title"],
      [inContent.id, "content"],
      [inReply.id, "reply"],
    ]);
    // The reply match's snippet is the reply's text; the others come from the post's content.
    expect(results[3]?.snippet).toBe("My zeppelin hangar has the same kettle.");
    expect(results[2]?.snippet).toBe("A zeppelin needs a very large hangar.");
  });

  it("answers the post list's shape plus snippet and matchedIn", async () => {
    const created = await post(author, "Shape of a quokka result", "Quokka content here.");
    const [result] = await search("q=quokka");
    const [listed] = (await visitor().get("/api/posts?sortBy=new&limit=1")).body;
    expect(listed.id).toBe(created.id);
    expect(result).toEqual({ ...listed, snippet: "Quokka content here.", matchedIn: "title" });
  });

  it("finds stems, the last word as a prefix, and quoted phrases as phrases", async () => {
    await post(author, "Choosing a database engine", "Tuning PostgreSQL for analytics workloads.");
    await post(author, "Unrelated gardening", "Tomatoes like the sun and water daily.");
    await post(author, "Words apart", "The water stays blue while the sun sets.");

    expect(titles(await search("q=databases"))).toEqual(["Choosing a database engine"]);
    expect(titles(await search("q=DATABASE"))).toEqual(["Choosing a database engine"]);
    expect(titles(await search("q=postg"))).toEqual(["Choosing a database engine"]);
    expect(titles(await search("q=tuned%20postgr"))).toEqual(["Choosing a database engine"]);
    // Not a prefix when it is not the last word.
    expect(await search("q=postg%20tuning")).toEqual([]);
    expect(titles(await search(`q=${encodeURIComponent('"sun and water"')}`))).toEqual(["Unrelated gardening"]);
    const both = titles(await search("q=sun%20water"));
    expect(both.sort()).toEqual(["Unrelated gardening", "Words apart"]);
  });

  it("matches the last word as a prefix of words written at any time, however many share it", async () => {
    const target = await post(author, "Nothing special", "plain");
    await reply(replier, target.id, "A numbat walked by, then more numbats.");
    expect(titles(await search("q=numb"))).toEqual(["Nothing special"]);
    expect(titles(await search("q=walked%20numbats"))).toEqual(["Nothing special"]);
    // The word itself also finds its other forms by stem ("numbats" for "numbat").
    expect(titles(await search("q=numbat"))).toEqual(["Nothing special"]);
    const edited = await post(author, "Rename me", "plain");
    await author.put(`/api/posts/${edited.id}`, { title: "Renamed to quetzalcoatl", content: "plain", categoryId });
    expect(titles(await search("q=quetzal"))).toEqual(["Renamed to quetzalcoatl"]);
    // More words with the prefix than are listed one by one: the engine's own prefix search.
    const many = Array.from({ length: 70 }, (_, i) => `xylo${i.toString(36)}word`).join(" ");
    await post(author, "Many xylo words", many);
    expect(titles(await search("q=xylo"))).toEqual(["Many xylo words"]);
    expect(titles(await search("q=xylo1"))).toEqual(["Many xylo words"]);
    expect(await search("q=xylophone")).toEqual([]);
  });

  it("never fails on punctuation or operators", async () => {
    await post(author, "C++ and node.js together", "Operators: a AND b, NOT c, (d OR e), f*, g:h.");
    const hostile = [
      '" "',
      '""',
      "' '",
      "''",
      "\\\\",
      "AND OR",
      "NOT NOT",
      "NEAR(a b)",
      "title:zeppelin",
      "{title}: x",
      "a*b**",
      "-minus +plus",
      "(((",
      "!!",
      "%_%",
      "'; drop table posts; --",
      "a & b | !c",
      "<-> :* :A",
      '"unclosed phrase',
      "\u0000\u0001 ok",
      "x".repeat(400),
    ];
    for (const q of hostile) {
      const res = await visitor().get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, `${JSON.stringify(q)}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    expect(titles(await search("q=c%2B%2B%20node.js"))).toEqual(["C++ and node.js together"]);
    expect(titles(await search(`q=${encodeURIComponent("NOT c, (d OR")}`))).toEqual(["C++ and node.js together"]);
    const count = await visitor().get(`/api/search/count?q=${encodeURIComponent('"NEAR( :*')}`);
    expect(count.status).toBe(200);
  });

  it("refuses an empty query with 400; one letter is a word like any other", async () => {
    for (const q of ["", "%20%20", "%20"]) {
      const res = await visitor().get(`/api/search?q=${q}`);
      expect(res).toMatchObject({ status: 400, body: { message: "Search needs at least 1 character" } });
    }
    expect((await visitor().get("/api/search")).body).toEqual({ message: "Search needs at least 1 character" });
    expect((await visitor().get("/api/search/count?q=")).status).toBe(400);
    expect((await visitor().get("/api/search?q=x")).status).toBe(200);
  });

  it("finds a new post at once, an edited one by its new words only, a deleted one never", async () => {
    const created = await post(author, "Freshly written narwhal", "Body");
    expect(titles(await search("q=narwhal"))).toEqual(["Freshly written narwhal"]);

    const edit = await author.put(`/api/posts/${created.id}`, {
      title: "Rewritten about walruses",
      content: "Body",
      categoryId,
    });
    expect(edit.status).toBe(200);
    expect(await search("q=narwhal")).toEqual([]);
    expect(titles(await search("q=walrus"))).toEqual(["Rewritten about walruses"]);

    const answer = await reply(replier, created.id, "A pangolin wandered in.");
    expect(titles(await search("q=pangolin"))).toEqual(["Rewritten about walruses"]);
    expect((await replier.put(`/api/replies/${answer.id}`, { content: "An armadillo instead." })).status).toBe(200);
    expect(await search("q=pangolin")).toEqual([]);
    expect(titles(await search("q=armadillo"))).toEqual(["Rewritten about walruses"]);
    expect((await replier.del(`/api/replies/${answer.id}`)).status).toBe(200);
    expect(await search("q=armadillo")).toEqual([]);

    await reply(replier, created.id, "An okapi reply that goes with its post.");
    expect((await author.del(`/api/posts/${created.id}`)).status).toBe(200);
    expect(await search("q=walrus")).toEqual([]);
    expect(await search("q=okapi")).toEqual([]);
  });

  it("filters by category, pages with offset and limit, sorts by newest on request", async () => {
    const made: number[] = [];
    for (let i = 0; i < 6; i++) {
      made.push((await post(author, `Capybara post ${i}`, "Same body", i % 2 === 0 ? categoryId : otherCategoryId)).id);
    }
    const inOther = await search(`q=capybara&categoryId=${otherCategoryId}`);
    expect(inOther.map((r) => r.id).sort()).toEqual([made[1], made[3], made[5]].sort());

    const all = await search("q=capybara");
    expect(all).toHaveLength(6);
    const paged = [...(await search("q=capybara&limit=4")), ...(await search("q=capybara&offset=4&limit=4"))];
    expect(paged.map((r) => r.id)).toEqual(all.map((r) => r.id));

    const newest = await search("q=capybara&sort=new");
    expect(newest.map((r) => r.id)).toEqual([...made].reverse());
    expect((await visitor().get("/api/search?q=capybara&limit=51")).status).toBe(400);
    expect((await visitor().get("/api/search?q=capybara&sort=old")).status).toBe(400);
  });

  it("pages across the tiers without repeats or gaps", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await post(author, `Ocelot title ${i}`, "plain")).id);
    for (let i = 0; i < 3; i++) ids.push((await post(author, `Cat ${i}`, "an ocelot in the body")).id);
    for (let i = 0; i < 3; i++) {
      const target = await post(author, `Quiet ${i}`, "nothing here");
      await reply(replier, target.id, "an ocelot in a reply");
      ids.push(target.id);
    }
    const whole = await search("q=ocelot");
    expect(whole.map((r) => r.matchedIn)).toEqual([
      ...Array(3).fill("title"),
      ...Array(3).fill("content"),
      ...Array(3).fill("reply"),
    ]);
    for (const size of [1, 2, 4]) {
      const pages: Result[] = [];
      for (let offset = 0; offset < 10; offset += size)
        pages.push(...(await search(`q=ocelot&offset=${offset}&limit=${size}`)));
      expect(pages.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    }
    expect(new Set(whole.map((r) => r.id))).toEqual(new Set(ids));
    expect(await visitor().get("/api/search/count?q=ocelot")).toMatchObject({
      status: 200,
      body: { count: 9, exact: true },
    });
  });

  it("keeps the small words: a search for them or a phrase holding them finds the same on both engines", async () => {
    await post(author, "To be or not to be", "That is the question every newcomer asks.");
    await post(author, "Where are the docs", "Nothing to see here.");
    await post(author, "Bee keeping", "Not about being at all.");
    // A phrase of stop words only (PostgreSQL's english configuration dropped all of them).
    expect(titles(await search(`q=${encodeURIComponent('"to be or not to be"')}`))).toEqual(["To be or not to be"]);
    expect(titles(await search(`q=${encodeURIComponent('"where are the"')}`))).toEqual(["Where are the docs"]);
    // Stop words among other words still have to be there, in that order for a phrase.
    expect(titles(await search(`q=${encodeURIComponent('"the question"')}`))).toEqual(["To be or not to be"]);
    expect(await search(`q=${encodeURIComponent('"question the"')}`)).toEqual([]);
    // A lone small word is a word like any other (the prefix "wher" too).
    expect(titles(await search("q=wher"))).toEqual(["Where are the docs"]);
    expect(titles(await search("q=newcomer%20the")).sort()).toEqual(["To be or not to be"]);
  });

  it("finds reply matches newest post first, past a thread with hundreds of matching replies", async () => {
    const older = await post(author, "Older thread", "nothing");
    const busy = await post(author, "Busy thread", "nothing");
    const quiet = await post(author, "Quiet thread", "nothing");
    await reply(replier, older.id, "a tapir was seen");
    // More matching replies in one post than the index reads at once (by insert, for speed).
    const now = Date.now();
    await forum.db
      .insertInto("replies")
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          postId: busy.id,
          authorId: replier.user.id,
          content: `tapir sighting number ${i}`,
          createdAt: now + i,
          updatedAt: now + i,
        })),
      )
      .execute();
    const newestBusyReply = await reply(replier, busy.id, "the last tapir of the day");
    await reply(replier, quiet.id, "another tapir");

    const found = await search("q=tapir");
    expect(found.map((r) => [r.title, r.matchedIn])).toEqual([
      ["Quiet thread", "reply"],
      ["Busy thread", "reply"],
      ["Older thread", "reply"],
    ]);
    // The snippet is the post's newest matching reply.
    expect(found[1]?.snippet).toBe("the last tapir of the day");
    expect(newestBusyReply.id).toBeGreaterThan(0);
    const paged = [...(await search("q=tapir&limit=2")), ...(await search("q=tapir&offset=2&limit=2"))];
    expect(paged.map((r) => r.title)).toEqual(found.map((r) => r.title));
    expect((await search("q=tapir&sort=new")).map((r) => r.title)).toEqual(found.map((r) => r.title));
    expect((await visitor().get("/api/search/count?q=tapir")).body).toEqual({ count: 3, exact: true });
  });

  it("sorts by newest across title, content and reply matches, and filters them by category", async () => {
    const a = await post(author, "Gecko care", "plain");
    const b = await post(author, "Lizards", "a gecko in the body", otherCategoryId);
    const c = await post(author, "Reptiles", "plain");
    await reply(replier, c.id, "my gecko says hi");
    const d = await post(author, "Gecko food", "plain", otherCategoryId);
    await reply(replier, a.id, "a gecko reply on a title match");

    const newest = await search("q=gecko&sort=new");
    expect(newest.map((r) => [r.id, r.matchedIn])).toEqual([
      [d.id, "title"],
      [c.id, "reply"],
      [b.id, "content"],
      [a.id, "title"],
    ]);
    expect((await search("q=gecko&sort=new&offset=1&limit=2")).map((r) => r.id)).toEqual([c.id, b.id]);
    expect((await search(`q=gecko&sort=new&categoryId=${otherCategoryId}`)).map((r) => r.id)).toEqual([d.id, b.id]);
    expect((await search(`q=gecko&categoryId=${categoryId}`)).map((r) => [r.id, r.matchedIn])).toEqual([
      [a.id, "title"],
      [c.id, "reply"],
    ]);
  });

  it("cuts a plain-text snippet of at most 200 characters around the match", async () => {
    const filler = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(12);
    await post(author, "Long body", `${filler}Here the <b>axolotl</b> & friends appear. ${filler}`);
    const [result] = await search("q=axolotl");
    expect(result?.matchedIn).toBe("content");
    expect(result?.snippet.length).toBeLessThanOrEqual(200);
    expect(result?.snippet).toContain("<b>axolotl</b> & friends");
    expect(result?.snippet.startsWith("…")).toBe(true);
    expect(result?.snippet.endsWith("…")).toBe(true);
  });

  // On SQLite a search runs on a reader thread with its own connection (services/readThreads.ts);
  // on PostgreSQL on the pool. Either way what has answered is what the next search finds.
  it("finds each post the moment its create or edit answered, while other searches run", async () => {
    expect(forum.app.services.search !== undefined).toBe(TEST_ENGINE === "sqlite");
    const words = ["ibex", "jackal", "kinkajou", "lemur", "margay"];
    // Searches of other words keep the threads busy meanwhile.
    let searching = true;
    const background = (async () => {
      while (searching) {
        await search("q=history");
        // A kept answer comes back without I/O: let the writes' replies in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (const word of words) {
      const created = await post(author, `Sighting of a ${word}`, "Seen at dawn.");
      expect(titles(await search(`q=${word}`))).toEqual([`Sighting of a ${word}`]);
      const renamed = `Sighting of a ${word}, confirmed`;
      const edit = await author.put(`/api/posts/${created.id}`, {
        title: renamed,
        content: "Seen again at dusk.",
        categoryId,
      });
      expect(edit.status).toBe(200);
      const [found] = await search(`q=${word}%20confirmed`);
      expect(found).toMatchObject({ id: created.id, title: renamed, snippet: "Seen again at dusk." });
      expect((await visitor().get(`/api/search/count?q=${word}`)).body).toEqual({ count: 1, exact: true });
    }
    searching = false;
    await background;
  });
});

// Migration 0019: the names a technology forum writes are words of their own at both ends (the
// index and the query), on both engines; no query is a one- or two-letter prefix of every word.
describe("searching technology names", () => {
  let namesCategory: number;
  const ids = new Map<string, number>();
  const inNames = async (q: string, sort = "relevance") =>
    titles(await search(`q=${encodeURIComponent(q)}&categoryId=${namesCategory}&sort=${sort}`));

  beforeAll(async () => {
    namesCategory = await insertCategory(forum.db, "Languages");
    const posts: Array<[string, string]> = [
      ["Pointers in C", "Plain C, no classes: malloc and free."],
      ["C++ templates explained", "Template metaprogramming in modern C++17."],
      ["Pattern matching in C#", "C# 12 switch expressions; F# did it first."],
      ["Hosting .NET apps", "Kestrel serves ASP.NET Core on .NET 8."],
      ["Node.js streams", "Backpressure in Node.js pipes."],
      ["Caching cookies in a cache", "Cats can climb, the network is down and a safety net helps."],
    ];
    for (const [title, content] of posts) ids.set(title, (await post(author, title, content, namesCategory)).id);
  });

  it("finds C, C++, C#, F#, .NET, ASP.NET and Node.js as themselves", async () => {
    expect(await inNames("C")).toEqual(["Pointers in C"]);
    expect(await inNames("c")).toEqual(["Pointers in C"]);
    expect(await inNames("C++")).toEqual(["C++ templates explained"]);
    expect(await inNames("C#")).toEqual(["Pattern matching in C#"]);
    expect(await inNames("F#")).toEqual(["Pattern matching in C#"]);
    expect(await inNames(".NET")).toEqual(["Hosting .NET apps"]);
    expect(await inNames("ASP.NET")).toEqual(["Hosting .NET apps"]);
    expect(await inNames("Node.js")).toEqual(["Node.js streams"]);
    expect(await inNames("C#", "new")).toEqual(["Pattern matching in C#"]);
    // "net" is a word of its own, and a prefix of "network": not ".NET".
    expect(await inNames("net")).toEqual(["Caching cookies in a cache"]);
    const count = await visitor().get(`/api/search/count?q=C&categoryId=${namesCategory}`);
    expect(count.body).toEqual({ count: 1, exact: true });
  });

  it("finds the post about C++ templates among all posts", async () => {
    expect(titles(await search(`q=${encodeURIComponent("C++ templates")}`))).toEqual(["C++ templates explained"]);
    expect(titles(await search(`q=${encodeURIComponent("templates C++")}`))).toEqual(["C++ templates explained"]);
  });

  it("never reads a word of one or two letters as a prefix", async () => {
    expect(await inNames("ca")).toEqual([]);
    expect(await inNames("co")).toEqual([]);
    expect(await inNames("cac")).toEqual(["Caching cookies in a cache"]);
    expect(await inNames("network ca")).toEqual([]);
  });

  it("finds the names in posts and replies written before the index knew them", async () => {
    // A reply indexed by 0019 goes back with the index and comes again, with no stale entry.
    const qsharp = await reply(replier, ids.get("C++ templates explained") as number, "Anyone tried Q# for this?");
    // Back to the index of migrations 0009 and 0015, a post and a reply written into it, then 0019.
    await beforeNames(forum.db);
    const old = await post(author, "Legacy F# notes", "Ported from ASP.NET long ago.", namesCategory);
    await reply(replier, old.id, "It still builds with g++ and Notepad++ here.");
    await withNames(forum.db);
    expect(await inNames("F#")).toEqual(["Legacy F# notes", "Pattern matching in C#"]);
    expect(await inNames("ASP.NET")).toEqual(["Legacy F# notes", "Hosting .NET apps"]);
    const [byReply] = await search(`q=${encodeURIComponent("g++")}&categoryId=${namesCategory}`);
    expect(byReply).toMatchObject({ id: old.id, matchedIn: "reply" });
    expect(await inNames("Notepad++")).toEqual(["Legacy F# notes"]);
    expect(await inNames("Q#")).toEqual(["C++ templates explained"]);
    expect((await replier.del(`/api/replies/${qsharp.id}`)).status).toBe(200);
    expect(await inNames("Q#")).toEqual([]);
    // And what is written now is indexed by the new rules.
    await post(author, "F# after the upgrade", "plain", namesCategory);
    expect(await inNames("F#", "new")).toEqual(["F# after the upgrade", "Legacy F# notes", "Pattern matching in C#"]);
  });
});
