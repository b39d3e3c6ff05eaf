import Database from "better-sqlite3";

const db = new Database("/work/wtS/bench/data/forum-1.db", { readonly: true });
const t = (label, sqlText, ...args) => {
  const st = db.prepare(sqlText);
  st.all(...args);
  const n = 5;
  const s = performance.now();
  let rows;
  for (let i = 0; i < n; i++) rows = st.all(...args);
  console.log(
    `${label.padEnd(40)} ${((performance.now() - s) / n).toFixed(3)} ms  rows=${rows.length} ${JSON.stringify(rows.slice(0, 2))}`,
  );
  return rows;
};
for (const q of ['"database" AND "cache"*', '"benchmark" AND "latency" AND "throughput"*', '"replica" AND "shar"*']) {
  console.log("==", q);
  const posts = t(
    "newest posts 20",
    `select rowid id from posts_fts where posts_fts match ? order by rowid desc limit 20`,
    q,
  );
  const T = posts.at(-1).id;
  t(
    "reply batch newer",
    `select (-rowid) >> 32 p, (-rowid) & 4294967295 r from replies_by_post_fts where replies_by_post_fts match ? and rowid < -(? * 4294967296 + 4294967295) order by rowid limit 256`,
    q,
    T,
  );
  t(
    "reply batch all",
    `select (-rowid) >> 32 p, (-rowid) & 4294967295 r from replies_by_post_fts where replies_by_post_fts match ? order by rowid limit 256`,
    q,
  );
  t(
    "title ranked",
    `select rowid from posts_title_fts where posts_title_fts match ? order by bm25(posts_title_fts), rowid desc limit 20`,
    q,
  );
  t("title count", `select count(*) from posts_title_fts where posts_title_fts match ?`, q);
}
