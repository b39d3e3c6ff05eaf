import { defineConfig } from "vitest/config";

// The services' own rules, without HTTP, on both engines: a temporary SQLite file, and a
// PostgreSQL server started once for the run (test/engines.ts).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    projects: [
      { extends: true, test: { name: "sqlite", include: ["test/**/*.test.ts"], env: { FORUM_TEST_ENGINE: "sqlite" } } },
      {
        extends: true,
        test: {
          name: "postgres",
          include: ["test/**/*.test.ts"],
          env: { FORUM_TEST_ENGINE: "postgres" },
          globalSetup: ["test/postgresServer.ts"],
        },
      },
    ],
  },
});
