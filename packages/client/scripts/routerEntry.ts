// What scripts/build.mjs prints into dist/index.d.ts: the server router's procedures and the
// shape of its errors, read from the server's sources by the compiler.
import type { AppRouter } from "@forum/api";
import type { inferRouterError } from "@trpc/server";

export type Record = AppRouter["_def"]["record"];
export type ErrorShape = inferRouterError<AppRouter>;
