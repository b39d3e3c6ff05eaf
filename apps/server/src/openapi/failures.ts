// Which failures a REST route can answer, and with which messages: what its procedure declares
// (`failures` in its meta, packages/api/src/describe.ts), what its input and access tier imply, and what the HTTP
// layer adds to every write (unreadable bodies, cross-site writes) and to every route (the
// database away).
import type { Access, ProcedureDescription } from "@forum/api";
import { API_TOKEN_MESSAGES, MESSAGES, messageViewSchema } from "@forum/contracts";

const HEADINGS: Record<number, string> = {
  400: "Invalid request",
  401: "Not signed in",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict with the stored data",
  413: "Too large",
  415: "Unsupported content type",
  429: "Too many requests",
  503: "The database is not reachable; try again in a moment",
};

export type Failures = Map<number, string[]>;

export function failuresOf(options: {
  declared: ProcedureDescription["failures"];
  access: Access;
  hasInput: boolean;
  /** A write: its body is parsed (JSON or a form) and the origin check applies. */
  write: boolean;
  /** Refused to API tokens (ProcedureMeta.sessionOnly). */
  sessionOnly?: boolean;
}): Failures {
  const failures: Failures = new Map();
  const add = (status: number, ...messages: string[]) => {
    const listed = failures.get(status) ?? [];
    for (const message of messages) if (!listed.includes(message)) listed.push(message);
    failures.set(status, listed);
  };

  if (options.hasInput) add(400, "The input is not valid: the message names the field and what it must be");
  if (options.write) {
    add(400, "The request body is not valid JSON", "The request body must be a JSON object");
    add(403, MESSAGES.crossSiteWrite);
    add(413, "The request body is too large");
    add(415, "Unsupported content type: send JSON");
  }
  if (options.access !== "public") add(401, MESSAGES.notSignedIn);
  // An API token that does not work is refused on every route, whatever its tier.
  add(401, API_TOKEN_MESSAGES.unknown, API_TOKEN_MESSAGES.expired, API_TOKEN_MESSAGES.revoked, MESSAGES.banned);
  if (options.sessionOnly) add(403, API_TOKEN_MESSAGES.sessionOnly);
  else if (options.write) add(403, API_TOKEN_MESSAGES.readOnly);
  if (options.access === "member" || options.access === "moderator" || options.access === "admin") {
    add(403, MESSAGES.banned);
  }
  if (options.access === "moderator") add(403, MESSAGES.moderatorsOnly);
  if (options.access === "admin") add(403, MESSAGES.adminOnly);
  for (const [status, messages] of Object.entries(options.declared ?? {})) {
    add(Number(status), ...(typeof messages === "string" ? [messages] : messages));
  }
  add(503, MESSAGES.databaseUnavailable);
  return new Map([...failures].sort(([a], [b]) => a - b));
}

/** "Not allowed" and a list of the messages the body may carry. */
export function describeFailure(status: number, messages: readonly string[]): string {
  const heading = HEADINGS[status] ?? "Failure";
  return [`${heading}. The body's message is one of:`, ...messages.map((message) => `- ${message}`)].join("\n");
}

/** A documented failure of a route that is not a procedure (a file, a stream): its JSON message. */
export const plainFailure = (description: string) => ({
  description,
  contentType: "application/json",
  schema: messageViewSchema,
});
