// `npm test`: install (once), lint and format check, strict type-check of every package,
// then every test suite (unit, API and browser).
import { bin, ensureInstalled } from "./lib.mjs";

ensureInstalled();
bin("biome", ["ci", "--colors=off", "."]);
// Two tasks at a time: the API suites (one Vitest worker, about 17 minutes) and the browser suite
// (one Playwright worker, about 21) each keep about one core busy, so on two cores they run side by
// side instead of one after the other.
bin("turbo", ["run", "typecheck", "test", "--output-logs=new-only", "--concurrency=2"]);
