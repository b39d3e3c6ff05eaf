// PostgreSQL's side of a backup: pg_dump in its custom format (one consistent snapshot, taken while
// the forum keeps writing) and pg_restore. Both are PostgreSQL's client tools (Debian's
// postgresql-client), whose major version must be at least the server's. The password never
// goes on the command line (other users of the machine can read that): PGPASSWORD carries it.
import { spawn } from "node:child_process";

export class PostgresToolError extends Error {}

/** Writes a custom-format dump of the database at `url` to `destination`. */
export function dumpPostgres(url: string, destination: string): Promise<void> {
  return runTool("pg_dump", ["--format=custom", "--compress=6", `--file=${destination}`], url);
}

/**
 * Restores a custom-format dump into the database at `url`; `clean` first drops what the dump
 * holds (a restore over a forum). Owners and grants stay the target's: the dump's roles may not
 * exist there.
 */
export function restorePostgres(url: string, dumpFile: string, options: { clean: boolean }): Promise<void> {
  const clean = options.clean ? ["--clean", "--if-exists"] : [];
  return runTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", ...clean, dumpFile], url);
}

function runTool(tool: string, args: string[], url: string): Promise<void> {
  const { dbname, password } = withoutPassword(url);
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new PostgresToolError(
              `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer`,
            )
          : error,
      );
    });
    child.once("close", (code) => {
      if (code === 0) resolve();
      else reject(new PostgresToolError(`${tool} failed (exit code ${code}): ${stderr.trim() || "no message"}`));
    });
  });
}

function withoutPassword(url: string): { dbname: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = "";
  return { dbname: parsed.toString(), password };
}
