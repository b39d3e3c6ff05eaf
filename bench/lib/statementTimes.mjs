// CPU time of SQL statements by their text: wraps better-sqlite3's prepare so that every run of a
// statement prepared afterwards (by any connection of this thread) is timed. Used by the
// cost scripts (search-cost.mjs, write-statements.mjs) to say where a request's SQLite work goes.
import SQLite from "better-sqlite3";

/** Starts timing; the answer maps each SQL text to { ms: CPU time in all, n: runs }. */
export function timeStatements() {
  const times = new Map();
  const prepare = SQLite.prototype.prepare;
  SQLite.prototype.prepare = function (sql) {
    const statement = prepare.call(this, sql);
    for (const method of ["all", "get", "run"]) {
      const original = statement[method].bind(statement);
      statement[method] = (...args) => {
        const started = process.cpuUsage();
        try {
          return original(...args);
        } finally {
          const entry = times.get(sql) ?? { ms: 0, n: 0 };
          const used = process.cpuUsage(started);
          entry.ms += (used.user + used.system) / 1000;
          entry.n += 1;
          times.set(sql, entry);
        }
      };
    }
    return statement;
  };
  return times;
}
