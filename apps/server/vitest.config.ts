import { defineConfig } from "vitest/config";

// The API suites run twice: on SQLite (the embedded default) and on PostgreSQL (a throw-away
// server started for the run, or FORUM_TEST_DATABASE_URL). Files about one engine's own
// machinery run on that engine only.
const SQLITE_ONLY = [
  "test/static.test.ts",
  "test/startup.test.ts",
  "test/config.test.ts",
  // Packs and installs the client once; the engine under the live server does not matter to it.
  "test/client-package.test.ts",
  // The stylesheet rules of server-rendered pages: no database at all.
  "test/critical-css.test.ts",
];
const POSTGRES_ONLY = ["test/postgres/**/*.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own temporary database; files run in parallel worker processes.
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["test/**/*.test.ts"],
          exclude: POSTGRES_ONLY,
          env: { FORUM_TEST_ENGINE: "sqlite" },
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: ["test/**/*.test.ts"],
          exclude: SQLITE_ONLY,
          env: { FORUM_TEST_ENGINE: "postgres" },
          globalSetup: ["test/engines/globalSetup.ts"],
        },
      },
    ],
  },
});
