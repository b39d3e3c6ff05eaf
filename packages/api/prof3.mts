import { parseSearchQuery, snippetOf } from "@forum/contracts";
import { openDatabase, searchPage } from "@forum/db";
import { selectPosts } from "./src/services/posts";

const handle = openDatabase({ path: "/work/wtS/bench/data/forum-1.db" });
const db = handle.reader;
const terms = parseSearchQuery("container clus");
const hits = await searchPage(db, terms, { sort: "relevance", offset: 0, limit: 20 });
const ids = hits.map((h) => h.postId);
for (let k = 0; k < 3; k++) {
  let s = performance.now();
  for (let i = 0; i < 10; i++) await searchPage(db, terms, { sort: "relevance", offset: 0, limit: 20 });
  const a = (performance.now() - s) / 10;
  s = performance.now();
  let posts;
  for (let i = 0; i < 10; i++) posts = await selectPosts(db, null).where("posts.id", "in", ids).execute();
  const b = (performance.now() - s) / 10;
  s = performance.now();
  for (let i = 0; i < 10; i++) for (const p of posts) snippetOf(p.content, terms);
  const c = (performance.now() - s) / 10;
  console.log("searchPage", a.toFixed(2), "selectPosts", b.toFixed(2), "snippets", c.toFixed(2));
}
const c = await selectPosts(db, null).where("posts.id", "in", ids).compile();
console.log(c.sql);
const raw = handle.reader;
await handle.close();
