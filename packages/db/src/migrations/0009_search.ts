// Full-text search over posts (title and content) and replies, kept by triggers in the same
// transaction as every write to them, whichever code path writes (API, bulk import, seeds).
// - SQLite: FTS5 tables over the rows themselves (external content, so the text is not stored
//   twice), English stemming by the porter tokenizer. Triggers fire on a change of the text only,
//   never on a vote or a view.
// - PostgreSQL: side tables holding each post's and reply's tsvector (english configuration) with
//   GIN indexes, filled by row triggers. Not columns of posts and replies: a vote rewrites its
//   post's row, and every index of the row (a GIN index with hundreds of entries too) with it.
// The queries over these live in ../search.ts.
import { type Kysely, sql } from "kysely";
import { columnTypes } from "./columns";

const TOKENIZER = "porter unicode61 remove_diacritics 2";

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) return upPostgres(db);
  await sql
    .raw(`create virtual table posts_fts using fts5(title, content, content='posts', content_rowid='id',
      tokenize='${TOKENIZER}')`)
    .execute(db);
  await sql
    .raw(`create virtual table replies_fts using fts5(content, content='replies', content_rowid='id',
      tokenize='${TOKENIZER}')`)
    .execute(db);
  await sql`create trigger posts_fts_insert after insert on posts begin
      insert into posts_fts (rowid, title, content) values (new.id, new.title, new.content);
    end`.execute(db);
  await sql`create trigger posts_fts_delete after delete on posts begin
      insert into posts_fts (posts_fts, rowid, title, content) values ('delete', old.id, old.title, old.content);
    end`.execute(db);
  await sql`create trigger posts_fts_update after update of title, content on posts begin
      insert into posts_fts (posts_fts, rowid, title, content) values ('delete', old.id, old.title, old.content);
      insert into posts_fts (rowid, title, content) values (new.id, new.title, new.content);
    end`.execute(db);
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
  // Rows written before this migration.
  await sql`insert into posts_fts (posts_fts) values ('rebuild')`.execute(db);
  await sql`insert into replies_fts (replies_fts) values ('rebuild')`.execute(db);
  // A reply's post, read from a small index instead of the reply's row (a reply match names the
  // reply; its post is what the search answers).
  await db.schema.createIndex("replies_id_post").on("replies").columns(["id", "postId"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create table post_search (
      "postId" integer primary key references posts (id) on delete cascade,
      title tsvector not null,
      document tsvector not null
    )`.execute(db);
  await sql`create index post_search_title on post_search using gin (title)`.execute(db);
  await sql`create index post_search_document on post_search using gin (document)`.execute(db);
  await sql`create table reply_search (
      "replyId" integer primary key references replies (id) on delete cascade,
      "postId" integer not null references posts (id) on delete cascade,
      document tsvector not null
    )`.execute(db);
  await sql`create index reply_search_document on reply_search using gin (document)`.execute(db);
  await sql`create index reply_search_post on reply_search ("postId")`.execute(db);
  await sql`
    create function forum_index_post() returns trigger language plpgsql as $$
    begin
      insert into post_search ("postId", title, document)
      values (new.id, to_tsvector('english', new.title),
        setweight(to_tsvector('english', new.title), 'A') || setweight(to_tsvector('english', new.content), 'B'))
      on conflict ("postId") do update set title = excluded.title, document = excluded.document;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function forum_index_reply() returns trigger language plpgsql as $$
    begin
      insert into reply_search ("replyId", "postId", document)
      values (new.id, new."postId", to_tsvector('english', new.content))
      on conflict ("replyId") do update set "postId" = excluded."postId", document = excluded.document;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger posts_search_index after insert or update of title, content on posts
    for each row execute function forum_index_post()`.execute(db);
  await sql`create trigger replies_search_index after insert or update of content on replies
    for each row execute function forum_index_reply()`.execute(db);
  await sql`insert into post_search ("postId", title, document)
    select id, to_tsvector('english', title),
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')
    from posts`.execute(db);
  await sql`insert into reply_search ("replyId", "postId", document)
    select id, "postId", to_tsvector('english', content) from replies`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`drop trigger posts_search_index on posts`.execute(db);
    await sql`drop trigger replies_search_index on replies`.execute(db);
    await sql`drop function forum_index_post()`.execute(db);
    await sql`drop function forum_index_reply()`.execute(db);
    await sql`drop table reply_search`.execute(db);
    await sql`drop table post_search`.execute(db);
    return;
  }
  await db.schema.dropIndex("replies_id_post").execute();
  for (const trigger of ["posts_fts_insert", "posts_fts_delete", "posts_fts_update"]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  for (const trigger of ["replies_fts_insert", "replies_fts_delete", "replies_fts_update"]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table posts_fts`.execute(db);
  await sql`drop table replies_fts`.execute(db);
}
