import { parseSearchQuery } from "@forum/contracts";
import { openDatabase, searchPage } from "@forum/db";
import { searchPosts } from "./src/services/search";

const handle = openDatabase({ path: "/work/wtS/bench/data/forum-1.db" });
const db = handle.reader;
for (const q of ["database cache", "container clus", '"TypeScript React"', "Python PostgreSQL SQLite"]) {
  for (const sort of ["relevance", "new"] as const) {
    const terms = parseSearchQuery(q);
    let s = performance.now();
    for (let i = 0; i < 5; i++) await searchPage(db, terms, { sort, offset: 0, limit: 20 });
    const a = (performance.now() - s) / 5;
    s = performance.now();
    for (let i = 0; i < 5; i++) await searchPosts(db, { q, sort, offset: 0, limit: 20 });
    const b = (performance.now() - s) / 5;
    const hits = await searchPage(db, terms, { sort, offset: 0, limit: 20 });
    console.log(
      q.padEnd(28),
      sort.padEnd(10),
      "searchPage",
      a.toFixed(2),
      "searchPosts",
      b.toFixed(2),
      hits.map((h) => h.matchedIn[0]).join(""),
    );
  }
}
await handle.close();
