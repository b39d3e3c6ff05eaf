// The router's procedures by dotted name ("posts.list"): both doors call them by name.
import type { ApiCaller, ProcedureMeta, QueryCache } from "@forum/api";
import { appRouter } from "@forum/api";

export type ProcedureDefinition = {
  _def: { type: "query" | "mutation" | "subscription"; meta?: ProcedureMeta; inputs: unknown[]; output?: unknown };
};

// Flat at run time, keyed by the dotted name, whatever the nested type says.
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDefinition | undefined>;

/** Every procedure by its dotted name (the documents list them; tests call each one). */
export function procedureNames(): string[] {
  return Object.keys(procedures);
}

export function procedureDefinition(name: string): ProcedureDefinition["_def"] {
  const procedure = procedures[name];
  if (!procedure) throw new Error(`No procedure named ${name}`);
  return procedure._def;
}

export function isQuery(name: string): boolean {
  return procedures[name]?._def.type === "query";
}

/** "query", "mutation" (or "subscription"); undefined for a name the router does not have. */
export function procedureType(name: string): ProcedureDefinition["_def"]["type"] | undefined {
  return procedures[name]?._def.type;
}

/** A query's declared cache policy (packages/api/src/cache/policy.ts); undefined if it declares none. */
export function cachePolicyOf(name: string): QueryCache | undefined {
  return procedures[name]?._def.meta?.cache;
}

export function assertProcedureExists(name: string): void {
  if (!procedures[name]) throw new Error(`No procedure named ${name}`);
}

export function callProcedure(caller: ApiCaller, name: string, input: unknown): Promise<unknown> {
  const procedure = name.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (procedure as (input: unknown) => Promise<unknown>)(input);
}
