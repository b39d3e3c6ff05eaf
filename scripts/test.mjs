// `npm test`: install (once), lint and format check, strict type-check of every package,
// then every test suite (unit, API and browser).
import { bin, ensureInstalled } from "./lib.mjs";

ensureInstalled();
bin("biome", ["ci", "--colors=off", "."]);
// One task at a time. Two at a time (the API suites beside the browser suite) was tried on this
// 2-core machine: the browser suite's screen walks then ran past their time limits.
bin("turbo", ["run", "typecheck", "test", "--output-logs=new-only", "--concurrency=1"]);
