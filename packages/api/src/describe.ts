// How a procedure describes itself, in its meta beside its zod input and output: where the REST
// door serves it, one line of summary and the failures it answers itself. The REST route table
// (apps/server/src/rest/routes.ts), the OpenAPI document, the API reference page and the typed
// client's README are generated from it; apps/server/test/openapi.test.ts fails on a procedure
// that leaves any of it out.
import type { AnyTRPCProcedure } from "@trpc/server";
import type { z } from "zod";
import type { AppRouter } from "./root";

type PathsOf<Record> = {
  [Key in keyof Record & string]: Record[Key] extends AnyTRPCProcedure ? Key : `${Key}.${PathsOf<Record[Key]>}`;
}[keyof Record & string];

/** Every procedure by its dotted name ("posts.list"), as both doors call it. */
export type ProcedurePath = PathsOf<AppRouter["_def"]["record"]>;

export type RestMethod = "GET" | "POST" | "PUT" | "DELETE";

/** One REST path that calls the procedure. */
export type RestMapping = {
  method: RestMethod;
  /** Fastify's syntax (`/api/posts/:slug`); each parameter is the input field of that name. */
  path: string;
  /** Status on success; 200 unless the call creates something (201) or answers nothing (204). */
  status?: 200 | 201 | 204;
  /**
   * Which part of the request makes the input besides the path parameters: by default the query
   * string for GET and DELETE, the JSON body otherwise.
   */
  from?: "query" | "body" | "none";
  /** The body is a multipart form that the server reads into the input (apps/server/src/rest/forms.ts). */
  form?: "multipart";
};

/** Where REST serves a procedure; "none": the tRPC door only (what only the web app calls). */
export type RestDecision = RestMapping | readonly RestMapping[] | "none";

/**
 * Failures a procedure answers by itself. 400 for invalid input and the 401/403 of its tier
 * (ProcedureMeta.access) are known without saying; list them only when the procedure answers
 * them for other reasons too.
 */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** What each procedure's meta says of it (ProcedureMeta in trpc.ts). */
export type ProcedureDescription = {
  /** Where the REST door serves it. */
  rest?: RestDecision;
  /** One line for the API reference. */
  summary?: string;
  /** Each failure it answers itself, with the messages it answers (from the spec). */
  failures?: Partial<Record<FailureStatus, string | readonly string[]>>;
  /** The body of its 400 answers when they say more than { message }. */
  refusal?: z.ZodType;
};

/** The REST paths of a decision, as a list (none for "none" or no decision). */
export function restMappingsOf(rest: RestDecision | undefined): readonly RestMapping[] {
  if (rest === undefined || rest === "none") return [];
  return Array.isArray(rest) ? rest : [rest as RestMapping];
}

/** A throttle's refusal as the document shows it: the real answer names the minutes left (and Retry-After the seconds). */
export const withWait = (message: (minutes: number) => string) => message(0).replace("0 minutes", "N minutes");

/**
 * A procedure's answer schema, for `.output()`: tRPC checks the resolver's return type against
 * it, and each computed answer is checked against it at run time (a failure answers 500). The
 * answer passes on unchanged, not as zod's copy: what kept answers carry beside their JSON (a
 * page's placement, a counted view) stays on them. Cached answers are not checked again.
 */
export type Answer<S extends z.ZodType> = {
  schema: S;
  parse: (value: unknown) => z.output<S>;
  _input: z.input<S>;
  _output: z.output<S>;
};

export function answer<S extends z.ZodType>(schema: S): Answer<S> {
  const parse = (value: unknown): z.output<S> => {
    const checked = schema.safeParse(value);
    if (!checked.success) throw checked.error;
    return value as z.output<S>;
  };
  return { schema, parse } as Answer<S>;
}

/** The zod schema a procedure's `.output()` was given, if any. */
export function answerSchemaOf(output: unknown): z.ZodType | undefined {
  const schema = (output as Partial<Answer<z.ZodType>> | undefined)?.schema;
  return schema && typeof schema === "object" && "safeParse" in schema ? schema : undefined;
}
