// Zod compiles object schemas with `new Function` where it may, probing for that on the first
// parse. The forum's pages forbid eval (script-src 'self'), so the probe alone is reported as a
// Content-Security-Policy violation, although zod catches the refusal. Its `jitless` setting skips
// the probe. Zod keeps its settings in this global object, read at parse time, so setting it here
// needs no import of zod: zod stays out of the entry chunk (it loads with the first form).

type ZodSettings = { jitless?: boolean };
const shared = globalThis as { __zod_globalConfig?: ZodSettings };

/** Before the first parse, whether zod has loaded yet or not (it reuses an existing object). */
export function validateWithoutEval(): void {
  shared.__zod_globalConfig ??= {};
  shared.__zod_globalConfig.jitless = true;
}
