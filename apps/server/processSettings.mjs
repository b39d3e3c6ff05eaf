// How every production start of the server runs Node.js: `npm start` (scripts/start.mjs), the
// benchmark (bench/lib/processes.mjs) and the Docker image, whose CMD and ENV say the same again
// (Docker cannot import this file; check-runtime.mjs fails when they differ). Both settings below
// must be given at start: V8 sizes its young generation, and glibc its malloc arenas, before any
// of the server's code runs. Measured in bench/README.md ("Server memory").

/**
 * --enable-source-maps: stack traces in the logs name the TypeScript files and lines.
 * --max-semi-space-size=8 (MB): V8's young generation, where a request's short-lived objects are
 *   born. The default of 16 MB per semi-space held 32 MB of resident memory for garbage; 8 MB gives
 *   about 16 MB back towards issue 5's 300 MB budget, with no throughput change beyond the noise
 *   of an A/B run (reads, pages, searches, writes).
 */
export const SERVER_NODE_FLAGS = ["--enable-source-maps", "--max-semi-space-size=8"];

/**
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena (up to 8 per core), and
 * memory freed in an arena stays with it. The server's threads (event loop, SQLite writer,
 * search, checkpoints) each kept their peak allocations, SQLite's page caches and FTS5's
 * doclists; two shared arenas measured 15-18 MB less at peak. Settings in the caller's
 * environment win.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
