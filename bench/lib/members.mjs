// Members of a data set as the load generators need them: usernames by activity (profiles are
// asked for by popularity) and members to sign in (writers, or everyone online in the busy hour).
import Database from "better-sqlite3";

/**
 * @param datasetFile the SQLite data set (bench/data/forum-<scale>.db)
 * @param signedIn how many members to sign in: ids 3, 4, ... (1 and 2 are the bench accounts)
 * @returns { usernames: the 500 most active, most posts first; signedIn: usernames }
 */
export function membersOf(datasetFile, signedIn) {
  const db = new Database(datasetFile, { readonly: true });
  try {
    const usernames = db
      .prepare(
        `select u.username from (select "authorId", count(*) as n from posts group by "authorId" order by n desc limit 500) p
         join users u on u.id = p."authorId" order by p.n desc`,
      )
      .pluck()
      .all();
    const others = db.prepare("select username from users where id > 2 order by id limit ?").pluck().all(signedIn);
    return { usernames, signedIn: others };
  } finally {
    db.close();
  }
}

/** Signs `usernames` in, `parallel` at a time (each sign-in hashes a password); resolves to their cookies. */
export async function signInAll(login, base, usernames, password, parallel = 4) {
  const cookies = new Array(usernames.length);
  let next = 0;
  const worker = async () => {
    while (next < usernames.length) {
      const index = next++;
      cookies[index] = await login(base, usernames[index], password);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return cookies;
}
