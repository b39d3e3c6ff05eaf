// The benchmark on PostgreSQL: which server (FORUM_BENCH_DATABASE_URL, or a throw-away one), and
// the synthetic data set loaded into it. The generator writes SQLite (bench/build-dataset.mjs);
// here its tables are copied into a database migrated by the real migrations, with COPY FROM
// STDIN, the fastest way into PostgreSQL: secondary indexes and foreign keys are dropped for the
// copy and made again afterwards (one sorted build per index instead of a million insertions),
// identity sequences are moved past the copied ids, and VACUUM ANALYZE leaves statistics and the
// visibility map (index-only scans) as a long-running forum would have them.
//
// The loaded database `forum_bench_<scale>` is kept as a template on a server that outlives the
// run (FORUM_BENCH_DATABASE_URL): the next run copies it (CREATE DATABASE … TEMPLATE) instead
// of loading again, unless the data set on disk was rebuilt since. The throw-away server dies
// with the run, so there the load runs each time and the benchmark uses the loaded database.
import { pipeline } from "node:stream/promises";
import Database from "better-sqlite3";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** A PostgreSQL server for the run: the one FORUM_BENCH_DATABASE_URL names, else a throw-away one. */
export async function providePostgres() {
  const given = process.env.FORUM_BENCH_DATABASE_URL;
  if (given) return { url: given, source: "FORUM_BENCH_DATABASE_URL", kept: true, stop: async () => {} };
  const { startEmbeddedPostgres } = await import("@forum/db/embedded-postgres");
  const started = performance.now();
  const server = await startEmbeddedPostgres();
  return {
    url: server.url,
    source: "embedded-postgres",
    kept: false,
    startMs: Math.round(performance.now() - started),
    stop: () => server.stop(),
  };
}

export function databaseUrl(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const templateName = (scale) => `forum_bench_${String(scale).replace(/\W/g, "_")}`;

/**
 * The data set as a PostgreSQL database the run may write to. On a kept server: a copy of the
 * template (loaded first if absent or older than the SQLite file), dropped by `drop()`. On a
 * throw-away server: the loaded database itself.
 */
export async function preparePostgresDataset(server, dataset, migrateToLatest) {
  const template = templateName(dataset.summary.scale);
  const stamp = `synthetic data set built ${dataset.summary.builtAt} (scale ${dataset.summary.scale})`;
  const existing = await withClient(server.url, async (admin) => {
    const { rows } = await admin.query(
      "select shobj_description(oid, 'pg_database') as stamp from pg_database where datname = $1",
      [template],
    );
    return rows[0] ?? null;
  });
  let load = null;
  if (!server.kept || existing?.stamp !== stamp) {
    load = await loadTemplate(server.url, template, dataset.db, stamp, migrateToLatest);
  }
  if (!server.kept) return { database: template, url: databaseUrl(server.url, template), load, drop: async () => {} };

  const database = `forum_bench_run_${process.pid}`;
  const copyStarted = performance.now();
  await withClient(server.url, (admin) =>
    admin
      .query(`drop database if exists ${database}`)
      .then(() => admin.query(`create database ${database} template ${template}`)),
  );
  const url = databaseUrl(server.url, database);
  await migrateToLatest(url); // a migration newer than the template applies to the copy
  return {
    database,
    url,
    load,
    copyMs: Math.round(performance.now() - copyStarted),
    drop: () => withClient(server.url, (admin) => admin.query(`drop database if exists ${database} with (force)`)),
  };
}

/** Creates `name` afresh, migrates it, copies every table of the SQLite file in, stamps it. */
async function loadTemplate(serverUrl, name, sqlitePath, stamp, migrateToLatest) {
  const started = performance.now();
  const phases = {};
  let phaseStart = started;
  const phase = (label) => {
    const now = performance.now();
    phases[label] = Math.round(now - phaseStart);
    console.log(`  ${label.padEnd(22)} ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };
  console.log(`Loading the data set into PostgreSQL database ${name}...`);
  await withClient(serverUrl, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  const url = databaseUrl(serverUrl, name);
  await migrateToLatest(url);
  phase("migrations");

  const sqlite = new Database(sqlitePath, { readonly: true });
  const rows = {};
  try {
    await withClient(url, async (client) => {
      await client.query("set maintenance_work_mem = '512MB'");
      const rebuild = await dropIndexesAndKeys(client);
      phase("drop indexes and keys");
      for (const table of await tablesOf(sqlite, client)) {
        rows[table] = await copyTable(sqlite, client, table);
        phase(`copy ${table}`);
      }
      for (const statement of rebuild) await client.query(statement);
      phase("indexes and keys");
      await resetIdentities(client);
      await client.query("vacuum analyze");
      phase("vacuum analyze");
    });
  } finally {
    sqlite.close();
  }
  await withClient(serverUrl, (admin) => admin.query(`comment on database ${name} is ${pg.escapeLiteral(stamp)}`));
  const totalMs = Math.round(performance.now() - started);
  console.log(`  loaded in ${(totalMs / 1000).toFixed(1)} s`);
  return { totalMs, phases, rows };
}

/**
 * The forum's tables in the SQLite file, parents first (the order of migration 0001), that the
 * migrated PostgreSQL database has too: SQLite's own search tables (FTS5 and their shadow
 * tables, search_words) have PostgreSQL counterparts that its triggers fill during the copy.
 */
async function tablesOf(sqlite, client) {
  const { rows } = await client.query(
    "select table_name as name from information_schema.tables where table_schema = current_schema()",
  );
  const inPostgres = new Set(rows.map((row) => row.name));
  return sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by rowid",
    )
    .pluck()
    .all()
    .filter((name) => inPostgres.has(name));
}

/**
 * Drops the foreign keys, unique constraints and secondary indexes of the forum's tables; returns
 * the statements that make them again (unique constraints, then indexes, then foreign keys, which
 * need the referenced keys). Primary keys stay: ids arrive in order, so they cost little.
 */
async function dropIndexesAndKeys(client) {
  const { rows: constraints } = await client.query(`
    select conrelid::regclass::text as "table", conname as name, contype as kind, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where contype in ('f', 'u') and connamespace = current_schema()::regnamespace
      and conrelid::regclass::text not like '%kysely_%'
    order by contype, conname`);
  const addUnique = [];
  const addForeign = [];
  for (const kind of ["f", "u"]) {
    for (const constraint of constraints.filter((row) => row.kind === kind)) {
      await client.query(`alter table ${constraint.table} drop constraint ${pg.escapeIdentifier(constraint.name)}`);
      (kind === "f" ? addForeign : addUnique).push(
        `alter table ${constraint.table} add constraint ${pg.escapeIdentifier(constraint.name)} ${constraint.definition}`,
      );
    }
  }
  const { rows: indexes } = await client.query(`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    where c.relnamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      and i.indrelid::regclass::text not like '%kysely_%'
    order by c.relname`);
  for (const index of indexes) await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);
  return [...addUnique, ...indexes.map((index) => index.definition), ...addForeign];
}

const COPY_ESCAPES = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const NEEDS_ESCAPE = /[\\\n\r\t]/;

/** One value in COPY's text format. */
function copyField(value) {
  if (value === null) return "\\N";
  if (typeof value === "string") {
    return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\n\r\t]/g, (char) => COPY_ESCAPES[char]) : value;
  }
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  throw new Error(`cannot copy a value of type ${typeof value}`);
}

/** Replaces the table's rows (adSettings has one from the migration) with the SQLite file's. */
async function copyTable(sqlite, client, table) {
  const columns = sqlite.prepare(`select name from pragma_table_info(?) order by cid`).pluck().all(table);
  await client.query(`delete from ${pg.escapeIdentifier(table)}`);
  const rows = sqlite.prepare(`select ${columns.map((column) => `"${column}"`).join(", ")} from "${table}"`).raw();
  let count = 0;
  // Rows are formatted in chunks of about 1 MB while PostgreSQL parses the previous ones.
  async function* chunks() {
    let lines = [];
    let size = 0;
    for (const row of rows.iterate()) {
      const line = `${row.map(copyField).join("\t")}\n`;
      lines.push(line);
      size += line.length;
      count++;
      if (size >= 1 << 20) {
        yield lines.join("");
        lines = [];
        size = 0;
      }
    }
    if (lines.length > 0) yield lines.join("");
  }
  const list = columns.map((column) => pg.escapeIdentifier(column)).join(", ");
  await pipeline(chunks, client.query(copyFrom(`copy ${pg.escapeIdentifier(table)} (${list}) from stdin`)));
  return count;
}

/** Moves every identity sequence past the largest copied id, so the next insert gets a new one. */
async function resetIdentities(client) {
  const { rows } = await client.query(`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES' and table_name not like 'kysely_%'`);
  for (const { table, column } of rows) {
    const quoted = `${pg.escapeIdentifier(table)}`;
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${pg.escapeIdentifier(column)}) from ${quoted}), 0) + 1, false)`,
      [quoted, column],
    );
  }
}

/** The server's version and the settings that shape the figures. */
export async function describeServer(url) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      "select name, setting, unit from pg_settings where name in ('server_version', 'shared_buffers', 'fsync', 'synchronous_commit', 'max_connections', 'work_mem')",
    );
    return Object.fromEntries(
      rows.map((row) => [
        row.name,
        row.unit === "8kB" ? `${(Number(row.setting) * 8) / 1024} MB` : `${row.setting}${row.unit ?? ""}`,
      ]),
    );
  });
}
