// Search at 100,000 posts and 1,000,000 replies (issue 12), and the same words on both engines.
// - SQLite:
//   - posts_title_fts: the titles alone. The first tier ranks title matches by bm25, whose cost
//     grows with the matched terms' whole doclists: in posts_fts a title word's doclist also holds
//     every post whose content has it (20 times more entries). Titles are short, so prefix
//     indexes of 2 and 3 letters cost little here.
//   - replies_by_post_fts replaces replies_fts: one document per reply as before (every term in
//     one reply), keyed by its post first, so the index returns reply matches newest post first
//     and a page of posts reads only the matches of those posts. The key is
//     -(postId * 2^32 + replyId) (ascending keys: newest post first, its newest reply first; ids
//     are 32-bit, as PostgreSQL's integer columns are). Contentless: the text stays in replies.
//   - replies_id_post goes: it only served replies_fts's joins.
//   - search_words: every word ever indexed, folded as the tokenizer folds it (not stemmed), kept
//     by triggers through an fts3tokenize table with the same unicode61 rules. A prefix query
//     ("cach"*) makes FTS5 merge the doclists of every matching term into one in memory before
//     the first row (20-50 ms for a common word in a million replies); the search turns the
//     last word into the words that start with it instead ("cache" OR "cached" OR ...), which
//     FTS5 reads lazily like any word.
// - PostgreSQL: the documents and queries used the english configuration, which drops stop words
//   ("the", "how", "to"): a search for "to be or not to be" found nothing on PostgreSQL and the
//   phrase itself on SQLite. forum_english stems as english does but keeps every word, as SQLite's
//   porter tokenizer does; the stored vectors are rebuilt with it.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

const TOKENIZER = "porter unicode61 remove_diacritics 2";
const REPLY_KEY = (reply: string) => `-(${reply}."postId" * 4294967296 + ${reply}.id)`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) return upPostgres(db);
  await sql
    .raw(`create virtual table posts_title_fts using fts5(title, content='posts', content_rowid='id',
      tokenize='${TOKENIZER}', prefix='2 3')`)
    .execute(db);
  await sql`create trigger posts_title_fts_insert after insert on posts begin
      insert into posts_title_fts (rowid, title) values (new.id, new.title);
    end`.execute(db);
  await sql`create trigger posts_title_fts_delete after delete on posts begin
      insert into posts_title_fts (posts_title_fts, rowid, title) values ('delete', old.id, old.title);
    end`.execute(db);
  await sql`create trigger posts_title_fts_update after update of title on posts begin
      insert into posts_title_fts (posts_title_fts, rowid, title) values ('delete', old.id, old.title);
      insert into posts_title_fts (rowid, title) values (new.id, new.title);
    end`.execute(db);
  await sql`insert into posts_title_fts (posts_title_fts) values ('rebuild')`.execute(db);

  for (const trigger of ["replies_fts_insert", "replies_fts_delete", "replies_fts_update"]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table replies_fts`.execute(db);
  await db.schema.dropIndex("replies_id_post").execute();
  await sql
    .raw(`create virtual table replies_by_post_fts using fts5(content, content='', tokenize='${TOKENIZER}')`)
    .execute(db);
  await sql
    .raw(`create trigger replies_by_post_fts_insert after insert on replies begin
      insert into replies_by_post_fts (rowid, content) values (${REPLY_KEY("new")}, new.content);
    end`)
    .execute(db);
  // A contentless index forgets a row only when told its old text.
  await sql
    .raw(`create trigger replies_by_post_fts_delete after delete on replies begin
      insert into replies_by_post_fts (replies_by_post_fts, rowid, content) values ('delete', ${REPLY_KEY("old")}, old.content);
    end`)
    .execute(db);
  await sql
    .raw(`create trigger replies_by_post_fts_update after update of content, "postId" on replies begin
      insert into replies_by_post_fts (replies_by_post_fts, rowid, content) values ('delete', ${REPLY_KEY("old")}, old.content);
      insert into replies_by_post_fts (rowid, content) values (${REPLY_KEY("new")}, new.content);
    end`)
    .execute(db);
  await sql
    .raw(`insert into replies_by_post_fts (rowid, content) select ${REPLY_KEY("replies")}, content from replies`)
    .execute(db);

  await sql`create virtual table search_tokenizer using fts3tokenize('unicode61', 'remove_diacritics=2')`.execute(db);
  await sql`create table search_words (word text primary key) without rowid`.execute(db);
  const addWords = (text: string) =>
    `insert or ignore into search_words (word) select distinct token from search_tokenizer where input = ${text};`;
  await sql
    .raw(`create trigger posts_words_fts_insert after insert on posts begin
      ${addWords("new.title")} ${addWords("new.content")}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger posts_words_fts_update after update of title, content on posts begin
      ${addWords("new.title")} ${addWords("new.content")}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger replies_words_fts_insert after insert on replies begin ${addWords("new.content")} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger replies_words_fts_update after update of content on replies begin ${addWords("new.content")} end`,
    )
    .execute(db);
  for (const [table, column] of [
    ["posts", "title"],
    ["posts", "content"],
    ["replies", "content"],
  ]) {
    await sql
      .raw(`insert or ignore into search_words (word)
        select t.token from ${table} x, search_tokenizer t where t.input = x.${column}`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create text search dictionary forum_english_stem (template = snowball, language = english)`.execute(db);
  await sql`create text search configuration forum_english (copy = english)`.execute(db);
  await sql`alter text search configuration forum_english
    alter mapping for asciiword, asciihword, hword_asciipart, word, hword, hword_part with forum_english_stem`.execute(
    db,
  );
  await indexWith(db, "forum_english");
}

/** The index functions of 0009 with the configuration `config`, and the stored vectors rebuilt. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function indexWith(db: Kysely<any>, config: "english" | "forum_english"): Promise<void> {
  const vector = (text: string) => `to_tsvector('${config}', ${text})`;
  const postDocument = (post: string) =>
    `setweight(${vector(`${post}.title`)}, 'A') || setweight(${vector(`${post}.content`)}, 'B')`;
  await sql
    .raw(`create or replace function forum_index_post() returns trigger language plpgsql as $$
    begin
      insert into post_search ("postId", title, document)
      values (new.id, ${vector("new.title")}, ${postDocument("new")})
      on conflict ("postId") do update set title = excluded.title, document = excluded.document;
      return null;
    end
    $$`)
    .execute(db);
  await sql
    .raw(`create or replace function forum_index_reply() returns trigger language plpgsql as $$
    begin
      insert into reply_search ("replyId", "postId", document)
      values (new.id, new."postId", ${vector("new.content")})
      on conflict ("replyId") do update set "postId" = excluded."postId", document = excluded.document;
      return null;
    end
    $$`)
    .execute(db);
  await sql
    .raw(`update post_search ps set title = ${vector("p.title")}, document = ${postDocument("p")}
      from posts p where p.id = ps."postId"`)
    .execute(db);
  await sql
    .raw(`update reply_search rs set document = ${vector("r.content")} from replies r where r.id = rs."replyId"`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) {
    await indexWith(db, "english");
    await sql`drop text search configuration forum_english`.execute(db);
    await sql`drop text search dictionary forum_english_stem`.execute(db);
    return;
  }
  for (const trigger of [
    "posts_words_fts_insert",
    "posts_words_fts_update",
    "replies_words_fts_insert",
    "replies_words_fts_update",
    "posts_title_fts_insert",
    "posts_title_fts_delete",
    "posts_title_fts_update",
  ]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table search_words`.execute(db);
  await sql`drop table search_tokenizer`.execute(db);
  await sql`drop table posts_title_fts`.execute(db);
  for (const trigger of ["replies_by_post_fts_insert", "replies_by_post_fts_delete", "replies_by_post_fts_update"]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table replies_by_post_fts`.execute(db);
  await db.schema.createIndex("replies_id_post").on("replies").columns(["id", "postId"]).execute();
  await sql
    .raw(`create virtual table replies_fts using fts5(content, content='replies', content_rowid='id',
      tokenize='${TOKENIZER}')`)
    .execute(db);
  await sql`create trigger replies_fts_insert after insert on replies begin
      insert into replies_fts (rowid, content) values (new.id, new.content);
    end`.execute(db);
  await sql`create trigger replies_fts_delete after delete on replies begin
      insert into replies_fts (replies_fts, rowid, content) values ('delete', old.id, old.content);
    end`.execute(db);
  await sql`create trigger replies_fts_update after update of content on replies begin
      insert into replies_fts (replies_fts, rowid, content) values ('delete', old.id, old.content);
      insert into replies_fts (rowid, content) values (new.id, new.content);
    end`.execute(db);
  await sql`insert into replies_fts (replies_fts) values ('rebuild')`.execute(db);
}
