import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each file opens its own temporary database; files run in parallel worker processes.
    pool: "forks",
  },
});
