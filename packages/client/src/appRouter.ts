// The router's types, from the server's sources while the client is built or type-checked in the
// monorepo. The published build replaces this module: scripts/build.mjs writes these three types
// into dist/index.d.ts as plain types, so a user's compiler never reads the server's sources.
export type { AppRouter, RouterInputs, RouterOutputs } from "@forum/api";
