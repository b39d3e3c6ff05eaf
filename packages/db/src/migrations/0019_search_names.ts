// Technology names are searchable as themselves (issue 25): "C++", "C#", "F#", ".NET", "ASP.NET"
// and "Node.js" were read as "c", "c", "f", "net", "asp net" and "node js", so "C++" found every
// post with a lone "c" and ".NET" every "net". Both engines now index a search text in which
// such names are spelled as words, and read each query term through the same rules:
// - a word followed by "++" gains "plusplus" ("C++" → "cplusplus", "g++", "Notepad++");
// - a single letter followed by "#" and no letter gains "sharp" ("C#" → "csharp", "F#", "C#7");
// - ".net" at a word's end is "dotnet" ("ASP.NET" → "asp dotnet", ".NET" → "dotnet");
// - every other punctuation separates words ("Node.js" → "node js", a phrase), as SQLite's
//   unicode61 tokenizer always did; PostgreSQL's parser read "node.js" as one host name, and
//   URLs, e-mails, versions and hyphenated words as compound tokens: now the same words as SQLite.
// The stored index of the existing posts and replies is rebuilt (on SQLite: the posts' tables
// whole, the replies and the prefix words only where a text may hold a name; the others index
// the same words as before).
// - SQLite: the rules are a view over a tokenizer that keeps ".", "+" and "#" inside tokens
//   (search_text_parts); a text goes through it only when it may hold a name ("++", a letter
//   and "#", ".net"); any other text gives the same words as it is, and its write costs nothing
//   more (a text with a name about 100 µs per 300 words, each time a trigger reads it). Index and
//   queries use the same expression, so they agree even where the shortcut is not exact (".nét"
//   is folded to ".net" by the tokenizer but not by LIKE: it stays "net" on both). The posts' FTS
//   tables become contentless, as the replies' already is: an external-content table's 'rebuild'
//   would read the rows' raw text (and FTS5 reads no view over a virtual table there), leaving
//   an index its triggers could no longer delete from. posts_search_text and replies_search_text
//   give the rows to index (here and in bulk loads); search_text(input) a query term's text.
// - PostgreSQL: forum_search_text(text), used by the index functions and by the queries.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

const TOKENIZER = "porter unicode61 remove_diacritics 2";
const REPLY_KEY = (reply: string) => `-(${reply}."postId" * 4294967296 + ${reply}.id)`;

/** SQL: whether the text expression `text` may hold a name (else its search text is itself). */
const mayHoldName = (text: string) => `(${text} like '%++%' or ${text} glob '*[A-Za-z]#*' or ${text} like '%.net%')`;
/** SQL for the search text of the text expression `text` (see the header). */
const searchText = (text: string) =>
  `(case when ${mayHoldName(text)}
    then coalesce((select group_concat(p.part, ' ' order by p.position) from search_text_parts p where p.input = ${text}), '')
    else ${text} end)`;
const asItIs = (text: string) => text;

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) return upPostgres(db);
  await dropPostsIndex(db);
  await sql`create virtual table search_name_tokenizer
    using fts3tokenize('unicode61', 'remove_diacritics=2', 'tokenchars=.+#')`.execute(db);
  // Each token of the name tokenizer (folded, ".", "+" and "#" kept) as the words it stands for.
  // "token." makes ".net" at the token's end findable as ".net.": "x.network" stays two words.
  await sql`create view search_text_parts as
    select input, position,
      case when token not glob '*[.+#]*' then token else replace(replace(replace(replace(
        case when t glob '[a-z]#*' and substr(t, 3, 1) not glob '[a-z]' then substr(t, 1, 1) || 'sharp ' || substr(t, 3)
          else t end,
        '++', 'plusplus '), '.', ' '), '+', ' '), '#', ' ') end as part
    from (select input, position, token, replace(token || '.', '.net.', ' dotnet .') as t from search_name_tokenizer)`.execute(
    db,
  );
  // A query term's search text. The tokenizer is the only table that takes any text as input:
  // its first token stands for the text (a text without a token has no words to search).
  await sql
    .raw(`create view search_text as
      select t.input, ${searchText("t.input")} as text from search_name_tokenizer t where t.position = 0`)
    .execute(db);
  await sql
    .raw(`create view posts_search_text as
      select id, ${searchText("title")} as title, ${searchText("content")} as content from posts`)
    .execute(db);
  await sql
    .raw(`create view replies_search_text as
      select ${REPLY_KEY("replies")} as key, ${searchText("content")} as content from replies`)
    .execute(db);
  await createPostsIndex(db, searchText);
  await sql`insert into posts_fts (rowid, title, content) select id, title, content from posts_search_text`.execute(db);
  await sql`insert into posts_title_fts (rowid, title) select id, title from posts_search_text`.execute(db);
  // Only the texts that may hold a name index differently: the replies' index keeps the others.
  await reindexReplies(db, asItIs, searchText);
  // Words the old triggers never saw: the spelled-out names.
  for (const [table, column] of [
    ["posts", "title"],
    ["posts", "content"],
    ["replies", "content"],
  ]) {
    await sql
      .raw(`insert or ignore into search_words (word)
        select t.token from ${table} x, search_tokenizer t
        where ${mayHoldName(`x.${column}`)} and t.input = ${searchText(`x.${column}`)}`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) return downPostgres(db);
  await dropPostsIndex(db);
  await reindexReplies(db, searchText, asItIs);
  for (const view of ["replies_search_text", "posts_search_text", "search_text", "search_text_parts"]) {
    await sql`drop view ${sql.id(view)}`.execute(db);
  }
  await sql`drop table search_name_tokenizer`.execute(db);
  await createPostsIndex(db, asItIs);
  await sql`insert into posts_fts (posts_fts) values ('rebuild')`.execute(db);
  await sql`insert into posts_title_fts (posts_title_fts) values ('rebuild')`.execute(db);
}

/** The triggers of the search index (0009, 0015) and the posts' FTS tables, before they are made again. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function dropPostsIndex(db: Kysely<any>): Promise<void> {
  for (const trigger of [
    "posts_fts_insert",
    "posts_fts_delete",
    "posts_fts_update",
    "posts_title_fts_insert",
    "posts_title_fts_delete",
    "posts_title_fts_update",
    "replies_by_post_fts_insert",
    "replies_by_post_fts_delete",
    "replies_by_post_fts_update",
    "posts_words_fts_insert",
    "posts_words_fts_update",
    "replies_words_fts_insert",
    "replies_words_fts_update",
  ]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  for (const table of ["posts_fts", "posts_title_fts"]) {
    await sql`drop table ${sql.id(table)}`.execute(db);
  }
}

/** The replies that may hold a name, indexed as `textOf` makes their text instead of as `wasTextOf` did. */
async function reindexReplies(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
  wasTextOf: (text: string) => string,
  textOf: (text: string) => string,
): Promise<void> {
  const key = REPLY_KEY("replies");
  await sql
    .raw(`insert into replies_by_post_fts (replies_by_post_fts, rowid, content)
      select 'delete', ${key}, ${wasTextOf("content")} from replies where ${mayHoldName("content")}`)
    .execute(db);
  await sql
    .raw(`insert into replies_by_post_fts (rowid, content)
      select ${key}, ${textOf("content")} from replies where ${mayHoldName("content")}`)
    .execute(db);
}

/**
 * The posts' FTS tables (empty) and the index's triggers, with the same names as 0009's and
 * 0015's (the bulk loaders set them aside by name): each text indexed as `textOf` makes it. The
 * search texts go into contentless tables; the rows as they are (0015) into tables over posts.
 * (0015 had the titles' prefix indexes of 2 letters too; a prefix is now 3 letters at least.)
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function createPostsIndex(db: Kysely<any>, textOf: (text: string) => string): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  const rows = textOf === asItIs;
  const content = rows ? "content='posts', content_rowid='id'" : "content=''";
  await run(`create virtual table posts_fts using fts5(title, content, ${content}, tokenize='${TOKENIZER}')`);
  await run(`create virtual table posts_title_fts using fts5(title, ${content}, tokenize='${TOKENIZER}',
    prefix='${rows ? "2 3" : "3"}')`);

  const post = (row: string) => `${row}.id, ${textOf(`${row}.title`)}, ${textOf(`${row}.content`)}`;
  const title = (row: string) => `${row}.id, ${textOf(`${row}.title`)}`;
  const reply = (row: string) => `${REPLY_KEY(row)}, ${textOf(`${row}.content`)}`;
  await run(`create trigger posts_fts_insert after insert on posts begin
      insert into posts_fts (rowid, title, content) values (${post("new")});
    end`);
  await run(`create trigger posts_fts_delete after delete on posts begin
      insert into posts_fts (posts_fts, rowid, title, content) values ('delete', ${post("old")});
    end`);
  await run(`create trigger posts_fts_update after update of title, content on posts begin
      insert into posts_fts (posts_fts, rowid, title, content) values ('delete', ${post("old")});
      insert into posts_fts (rowid, title, content) values (${post("new")});
    end`);
  await run(`create trigger posts_title_fts_insert after insert on posts begin
      insert into posts_title_fts (rowid, title) values (${title("new")});
    end`);
  await run(`create trigger posts_title_fts_delete after delete on posts begin
      insert into posts_title_fts (posts_title_fts, rowid, title) values ('delete', ${title("old")});
    end`);
  await run(`create trigger posts_title_fts_update after update of title on posts begin
      insert into posts_title_fts (posts_title_fts, rowid, title) values ('delete', ${title("old")});
      insert into posts_title_fts (rowid, title) values (${title("new")});
    end`);
  // A contentless index forgets a row only when told its old text.
  await run(`create trigger replies_by_post_fts_insert after insert on replies begin
      insert into replies_by_post_fts (rowid, content) values (${reply("new")});
    end`);
  await run(`create trigger replies_by_post_fts_delete after delete on replies begin
      insert into replies_by_post_fts (replies_by_post_fts, rowid, content) values ('delete', ${reply("old")});
    end`);
  await run(`create trigger replies_by_post_fts_update after update of content, "postId" on replies begin
      insert into replies_by_post_fts (replies_by_post_fts, rowid, content) values ('delete', ${reply("old")});
      insert into replies_by_post_fts (rowid, content) values (${reply("new")});
    end`);

  const addWords = (text: string) =>
    `insert or ignore into search_words (word) select distinct token from search_tokenizer where input = ${textOf(text)};`;
  await run(`create trigger posts_words_fts_insert after insert on posts begin
      ${addWords("new.title")} ${addWords("new.content")}
    end`);
  await run(`create trigger posts_words_fts_update after update of title, content on posts begin
      ${addWords("new.title")} ${addWords("new.content")}
    end`);
  await run(`create trigger replies_words_fts_insert after insert on replies begin ${addWords("new.content")} end`);
  await run(
    `create trigger replies_words_fts_update after update of content on replies begin ${addWords("new.content")} end`,
  );
}

// PostgreSQL: the same rules as regular expressions. Under the C locale (the test server's)
// [[:punct:]] is ASCII punctuation only; other characters are left to the parser, as before.
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql
    .raw(String.raw`create function forum_search_text(input text) returns text
      language sql immutable strict parallel safe as $$
      select regexp_replace(regexp_replace(regexp_replace(regexp_replace(input,
        '\.net(?![[:alnum:]+#])', ' dotnet ', 'gi'),
        '(^|[^[:alnum:].+#])([a-zA-Z])#(?![a-zA-Z])', '\1\2sharp ', 'g'),
        '\+\+', 'plusplus ', 'g'),
        '[[:punct:]]', ' ', 'g')
      $$`)
    .execute(db);
  await indexPostgres(db, (text) => `forum_search_text(${text})`);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function downPostgres(db: Kysely<any>): Promise<void> {
  await indexPostgres(db, asItIs);
  await sql`drop function forum_search_text(text)`.execute(db);
}

/** The index functions of 0015 with each text read as `textOf` makes it, and the stored vectors rebuilt. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function indexPostgres(db: Kysely<any>, textOf: (text: string) => string): Promise<void> {
  const vector = (text: string) => `to_tsvector('forum_english', ${textOf(text)})`;
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
