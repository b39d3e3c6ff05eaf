// Zod compiles object schemas with `new Function` where it may, probing for that on the first
// parse. The forum's pages forbid eval (script-src 'self'), so the probe alone is reported as a
// Content-Security-Policy violation, although zod catches the refusal. Its `jitless` setting skips
// the probe. Zod keeps its settings in this global object, so setting it here needs no import of
// zod. Zod probes when it builds its first object schema, which a module the entry chunk imports
// may do as it loads (the contracts' site defaults bring their schema along): so this module sets
// the switch as it loads, and main.tsx imports it first of all.

type ZodSettings = { jitless?: boolean };
const shared = globalThis as { __zod_globalConfig?: ZodSettings };

// Before zod builds a schema, whether it has loaded yet or not (it reuses an existing object).
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
