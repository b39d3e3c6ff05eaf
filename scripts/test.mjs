// `npm test`: install (once), lint and format check, strict type-check of every package,
// then every test suite (unit, API and browser).
import { bin, ensureInstalled } from "./lib.mjs";

ensureInstalled();
bin("biome", ["ci", "--colors=off", "."]);
bin("turbo", ["run", "typecheck", "test", "--output-logs=new-only", "--concurrency=1"]);
