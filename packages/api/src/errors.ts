// One domain error vocabulary for both doors. Procedures throw these; the tRPC adapter and the
// REST adapter map them to HTTP statuses with the same function.
import { MESSAGES } from "@forum/contracts";
import { isDatabaseUnavailable, isUniqueViolation } from "@forum/db";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";

type Code = ConstructorParameters<typeof TRPCError>[0]["code"];
const fail = (code: Code) => (message: string) => new TRPCError({ code, message });

export const badRequest = fail("BAD_REQUEST");
export const unauthorized = fail("UNAUTHORIZED");
export const forbidden = fail("FORBIDDEN");
export const notFound = fail("NOT_FOUND");
export const conflict = fail("CONFLICT");
export const notImplemented = fail("NOT_IMPLEMENTED");
export const payloadTooLarge = fail("PAYLOAD_TOO_LARGE");

/**
 * The error a request answers when the database is away (503, may be retried), or the error
 * itself when it is anything else.
 */
export function unavailableIfDatabaseDown<E>(error: E): E | TRPCError {
  if (error instanceof TRPCError && error.code === "SERVICE_UNAVAILABLE") return error;
  if (!isDatabaseUnavailable(error)) return error;
  return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: MESSAGES.databaseUnavailable, cause: error });
}

/**
 * Extra fields for the error body beyond { message }: a refused bulk upload lists the problem
 * of each row. Carried as the TRPCError's cause so both doors can add them to what they send.
 */
export class ErrorDetails extends Error {
  constructor(readonly details: Record<string, unknown>) {
    super("error details");
  }
}

export function badRequestWithDetails(message: string, details: Record<string, unknown>): TRPCError {
  return new TRPCError({ code: "BAD_REQUEST", message, cause: new ErrorDetails(details) });
}

/** How long a refused client should wait before trying again; both doors send it as Retry-After. */
export class RetryAfter extends Error {
  constructor(readonly seconds: number) {
    super("retry after");
  }
}

/** 429 with the wait in whole seconds (rounded up) for the Retry-After header. */
export function tooManyRequestsFor(message: string, retryAfterMs: number): TRPCError {
  return new TRPCError({
    code: "TOO_MANY_REQUESTS",
    message,
    cause: new RetryAfter(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });
}

/** The Retry-After seconds of a refusal, if it names a wait. */
export function retryAfterOf(error: TRPCError): number | undefined {
  return error.cause instanceof RetryAfter ? error.cause.seconds : undefined;
}

/** The extra body fields of an error, if it carries any. */
export function publicDetails(error: TRPCError): Record<string, unknown> {
  return error.cause instanceof ErrorDetails ? error.cause.details : {};
}

/** The message a client shows: a validation error's first message, else the error's own. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) {
    return error.cause.issues[0]?.message ?? "Invalid input";
  }
  if (error.code === "INTERNAL_SERVER_ERROR") return "Internal server error";
  return error.message;
}

export function httpStatusOf(error: TRPCError): number {
  return getHTTPStatusCodeFromError(error);
}

/** Runs a write that may hit a unique index; a race lost to another request answers 409. */
export async function withUniqueGuard<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}
