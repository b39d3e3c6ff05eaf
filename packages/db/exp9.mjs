import Database from "better-sqlite3";

const db = new Database("/tmp/wtS/exp.db");
db.exec(`create virtual table if not exists search_tokenizer using fts3tokenize('unicode61', 'remove_diacritics=2')`);
console.log(
  db
    .prepare(`select token from search_tokenizer where input = ?`)
    .all("Café naïve PostgreSQL's node.js C++ über-cool 3.14 ÉCOLE")
    .map((r) => r.token),
);
db.exec(`create table if not exists search_words (word text primary key) without rowid`);
let s = performance.now();
db.exec(
  `insert or ignore into search_words select distinct t.token from posts p, search_tokenizer t where t.input = p.title`,
);
console.log("titles", performance.now() - s);
s = performance.now();
db.exec(`insert or ignore into search_words select t.token from posts p, search_tokenizer t where t.input = p.content`);
console.log("contents", performance.now() - s);
s = performance.now();
db.exec(
  `insert or ignore into search_words select t.token from replies p, search_tokenizer t where t.input = p.content`,
);
console.log("replies", performance.now() - s);
console.log(db.prepare("select count(*) n from search_words").get());
