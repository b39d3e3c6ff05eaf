import { defineConfig } from "vitest/config";

// Worker threads here start from TypeScript sources through tsx: seconds on a busy machine, which
// vitest's 5 s default did not always leave (reader-threads.test.ts timed out at load 9).
export default defineConfig({ test: { include: ["test/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 60_000 } });
