// A vote in one round trip on PostgreSQL (issue 33). Done from the application, a vote on
// PostgreSQL was seven: BEGIN, the row lock, the post and the member's vote, the vote's insert,
// update or delete, the counts and scores, COMMIT. These functions do the same in the database,
// called by one statement (packages/db/src/serverVotes.ts); SQLite, in process, keeps the
// application's code (packages/api/src/services/votes.ts), which defines what a vote does.
//
// PL/pgSQL rather than one statement of CTEs: in READ COMMITTED each statement of a function
// takes a new snapshot, so what is read after the row lock includes every vote committed by the
// transactions the lock waited for (one statement's snapshot is taken before its lock waits).
//
// The hot and controversial scores are ranking.ts's formulas, with its constants written in
// here when the migration runs: a test on PostgreSQL compares the function's scores with
// hotScore() and controversialScore(). Changing those constants needs a new migration that
// makes the function again (and recomputes the stored scores).
import { type Kysely, sql } from "kysely";
import { HOT_DECAY_SECONDS, HOT_EPOCH_SECONDS } from "../ranking";
import { columnTypes } from "./columns";

/** The post's columns that place it in the lists (as read under the lock, before the vote). */
const PLACE_OUT = `
  out "id" posts.id%type, out "categoryId" posts."categoryId"%type, out "authorId" posts."authorId"%type,
  out "pinned" posts.pinned%type, out "hotScore" posts."hotScore"%type, out "createdAt" posts."createdAt"%type,
  out "score" posts.score%type, out "controversialScore" posts."controversialScore"%type,
  out "replyCount" posts."replyCount"%type`;

/**
 * Deletes, switches or inserts the member's vote (`vote_id`, `vote_value`: the stored one, if
 * found) against `p_value`; leaves which value left in `removed` and which came in `added`.
 */
const applyVote = (target: string) => `
  if vote_id is not null and vote_value = p_value then
    delete from votes where votes.id = vote_id;
    removed := p_value;
  elsif vote_id is not null then
    update votes set value = p_value, "createdAt" = p_now where votes.id = vote_id;
    removed := vote_value;
    added := p_value;
  else
    insert into votes ("userId", ${target}, value, "createdAt") values (p_user_id, p_target_id, p_value, p_now);
    added := p_value;
  end if;
  "myVote" := added;
  up_change := (added is not distinct from 1)::integer - (removed is not distinct from 1)::integer;
  down_change := (added is not distinct from -1)::integer - (removed is not distinct from -1)::integer;`;

const VOTE_POST = `
create function forum_vote_post(p_target_id integer, p_user_id integer, p_value integer, p_now bigint,
  out "upvotes" integer, out "downvotes" integer, out "myVote" integer, ${PLACE_OUT},
  out "newScore" integer, out "newHotScore" double precision, out "newControversialScore" double precision)
returns setof record language plpgsql as $$
declare
  post posts%rowtype;
  vote_id integer;
  vote_value integer;
  removed integer;
  added integer;
  up_change integer;
  down_change integer;
  new_up integer;
  new_down integer;
  net integer;
  new_hot double precision;
  new_controversial double precision;
begin
  -- Votes on one post take turns until they commit (a double click counts once).
  select * into post from posts where posts.id = p_target_id for update;
  if not found then
    return;
  end if;
  select votes.id, votes.value into vote_id, vote_value
    from votes where votes."postId" = p_target_id and votes."userId" = p_user_id;
  ${applyVote('"postId"')}
  new_up := post.upvotes + up_change;
  new_down := post.downvotes + down_change;
  net := new_up - new_down;
  -- ranking.ts hotScore(): sign * log10(max(|net|, 1)) + (createdAt / 1000 - epoch) / decay.
  new_hot := sign(net::double precision) * log(greatest(abs(net), 1)::double precision)
    + (post."createdAt"::double precision / 1000 - ${HOT_EPOCH_SECONDS}) / ${HOT_DECAY_SECONDS};
  -- ranking.ts controversialScore(): (up + down) ^ (minority / majority), 0 without both kinds.
  new_controversial := case
    when new_up <= 0 or new_down <= 0 then 0
    else power((new_up + new_down)::double precision, case when new_up > new_down
      then new_down::double precision / new_up else new_up::double precision / new_down end)
    end;
  update posts set upvotes = new_up, downvotes = new_down, score = net, "hotScore" = new_hot,
      "controversialScore" = new_controversial
    where posts.id = p_target_id;
  "upvotes" := new_up; "downvotes" := new_down;
  "newScore" := net; "newHotScore" := new_hot; "newControversialScore" := new_controversial;
  "id" := post.id; "categoryId" := post."categoryId"; "authorId" := post."authorId"; "pinned" := post.pinned;
  "hotScore" := post."hotScore"; "createdAt" := post."createdAt"; "score" := post.score;
  "controversialScore" := post."controversialScore"; "replyCount" := post."replyCount";
  return next;
end
$$`;

const VOTE_REPLY = `
create function forum_vote_reply(p_target_id integer, p_user_id integer, p_value integer, p_now bigint,
  out "upvotes" integer, out "downvotes" integer, out "myVote" integer, ${PLACE_OUT})
returns setof record language plpgsql as $$
declare
  reply_post_id integer;
  vote_id integer;
  vote_value integer;
  removed integer;
  added integer;
  up_change integer;
  down_change integer;
begin
  -- As for posts: one member's votes on a reply take turns (a double click counts once).
  select replies."postId" into reply_post_id from replies where replies.id = p_target_id for update;
  if not found then
    return;
  end if;
  select votes.id, votes.value into vote_id, vote_value
    from votes where votes."replyId" = p_target_id and votes."userId" = p_user_id;
  ${applyVote('"replyId"')}
  -- Replies have no scores: the counts move by atomic increments.
  update replies set upvotes = replies.upvotes + up_change, downvotes = replies.downvotes + down_change
    where replies.id = p_target_id returning replies.upvotes, replies.downvotes into "upvotes", "downvotes";
  -- The reply's post stays where it was in every list: its place as it is.
  select posts.id, posts."categoryId", posts."authorId", posts.pinned, posts."hotScore", posts."createdAt",
      posts.score, posts."controversialScore", posts."replyCount"
    into "id", "categoryId", "authorId", "pinned", "hotScore", "createdAt", "score", "controversialScore",
      "replyCount"
    from posts where posts.id = reply_post_id;
  return next;
end
$$`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely so they stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql.raw(VOTE_POST).execute(db);
  await sql.raw(VOTE_REPLY).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql`drop function forum_vote_reply(integer, integer, integer, bigint)`.execute(db);
  await sql`drop function forum_vote_post(integer, integer, integer, bigint)`.execute(db);
}
