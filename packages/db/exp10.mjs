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
for (const [q, e] of [
  ['"database" AND "cache"*', '"database" AND ("cache" OR "cached" OR "caches")'],
  ['"replica" AND "shar"*', '"replica" AND ("shard" OR "sharding" OR "shards" OR "share" OR "shared")'],
]) {
  for (const m of [q, e]) {
    console.log("==", m);
    const posts = t(
      "newest posts 20",
      `select rowid id from posts_fts where posts_fts match ? order by rowid desc limit 20`,
      m,
    );
    const T = posts.at(-1).id;
    t(
      "reply batch newer",
      `select (-rowid) >> 32 p, (-rowid) & 4294967295 r from replies_by_post_fts where replies_by_post_fts match ? and rowid < -(? * 4294967296 + 4294967295) order by rowid limit 256`,
      m,
      T,
    );
    t(
      "reply batch all",
      `select (-rowid) >> 32 p, (-rowid) & 4294967295 r from replies_by_post_fts where replies_by_post_fts match ? order by rowid limit 256`,
      m,
    );
    t(
      "content newest",
      `select rowid from posts_fts where posts_fts match ? and rowid not in (select rowid from posts_title_fts where posts_title_fts match ?) order by rowid desc limit 20`,
      m,
      m,
    );
  }
}
