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
for (const m of [
  '"database" AND ("cache" OR "cached" OR "caches")',
  '"replica" AND ("shard" OR "sharding" OR "shards" OR "share" OR "shared")',
  '"docker" AND "kafka" AND "redis"',
]) {
  console.log("==", m);
  t(
    "content NOT IN",
    `select rowid from posts_fts where posts_fts match ? and rowid not in (select rowid from posts_title_fts where posts_title_fts match ?) order by rowid desc limit 20`,
    m,
    m,
  );
  t(
    "content NOT title",
    `select rowid from posts_fts where posts_fts match ? order by rowid desc limit 20`,
    `(${m}) NOT {title}: (${m})`,
  );
  t("title sub alone", `select count(*) from posts_title_fts where posts_title_fts match ?`, m);
  const b = t(
    "reply batch all",
    `select (-rowid) >> 32 p, (-rowid) & 4294967295 r from replies_by_post_fts where replies_by_post_fts match ? order by rowid limit 256`,
    m,
  );
  const last = b.at(-1);
  t(
    "reply batch after",
    `select (-rowid) >> 32 p, (-rowid) & 4294967295 r from replies_by_post_fts where replies_by_post_fts match ? and rowid > -(? * 4294967296 + ?) order by rowid limit 256`,
    m,
    last.p,
    last.r,
  );
}
