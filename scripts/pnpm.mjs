// Runs the pinned pnpm with the repository's environment: `node scripts/pnpm.mjs <args>`.
import { pnpm } from "./lib.mjs";

pnpm(process.argv.slice(2));
