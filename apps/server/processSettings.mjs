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
 * --no-allocation-site-pretenuring: V8 watches where objects are allocated and, once a site's
 *   objects have survived young collections often enough, allocates them straight into the old
 *   generation from then on. A request's objects live a few milliseconds, yet in about 6 of 10
 *   server starts some site of the request path was pretenured early (a burst that happened to
 *   straddle collections) and stayed so: each young collection then moved about 3 MB to the old
 *   generation, a full collection ran every 150-200 ms (35-61 in 9 s of kept post reads instead
 *   of 6), and the same server answered 16-33k requests in 3 s instead of 45-60k. Which mode a
 *   start fell into was chance, which also made A/B runs disagree. Off, every start measured in
 *   the fast mode (bench/README.md, "Server memory").
 */
export const SERVER_NODE_FLAGS = [
  "--enable-source-maps",
  "--max-semi-space-size=8",
  "--no-allocation-site-pretenuring",
];

/**
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena (up to 8 per core), and
 * memory freed in an arena stays with it. The server's threads (event loop, SQLite writer,
 * search, checkpoints) each kept their peak allocations, SQLite's page caches and FTS5's
 * doclists; two shared arenas measured 15-18 MB less at peak. Settings in the caller's
 * environment win.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
