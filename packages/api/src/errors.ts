// One error type for the services, free of any transport: `AppError` with a kind, a message a
// client may show, and optional extra body fields or a wait. The tRPC door maps it to tRPC's
// codes once (trpc.ts, `toTRPCError`), the HTTP side to statuses once (`httpStatusOf`), and
// `errorBody` is the one place that writes the `{ message }` body.
import { MESSAGES } from "@forum/contracts";
import { isDatabaseUnavailable, isUniqueViolation } from "@forum/db";
import { ZodError } from "zod";

/** Each kind of failure and the HTTP status it answers. */
const HTTP_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorKind = keyof typeof HTTP_STATUS;

export type AppErrorOptions = {
  /** Extra body fields beyond { message }: a refused bulk upload lists the problem of each row. */
  details?: Record<string, unknown>;
  /** How long a refused client should wait before trying again (sent as Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class AppError extends Error {
  readonly details: Record<string, unknown>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: AppErrorOptions = {},
  ) {
    // No stack frames: an AppError is a failure reported on purpose (its message says what went
    // wrong, a wrapped `cause` keeps its own stack), and a stack is costly to show. tRPC copies
    // every error's `stack` (getTRPCErrorFromUnknown), and under `node --enable-source-maps` (the
    // production image) the first stack with frames loads the bundle's source map into the heap
    // for good: the server's RSS rose by 70 MB at the first visitor's page, whose session check
    // answers 401 (bench/README.md, "Server memory").
    const frames = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    Error.stackTraceLimit = frames;
    this.name = "AppError";
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * An AppError thrown on another thread (the writer thread, a search thread) arrives as a plain
 * Error carrying its fields (@forum/db threadErrors.ts): the same AppError again, with its status.
 */
export function appErrorFromThread(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== "AppError") return error;
  const { kind, details, retryAfterSeconds } = error as Error & {
    kind: ErrorKind;
    details?: Record<string, unknown>;
    retryAfterSeconds?: number;
  };
  return new AppError(kind, error.message, {
    ...(details ? { details } : {}),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
}

const fail = (kind: ErrorKind) => (message: string) => new AppError(kind, message);

export const badRequest = fail("BAD_REQUEST");
export const unauthorized = fail("UNAUTHORIZED");
export const forbidden = fail("FORBIDDEN");
export const notFound = fail("NOT_FOUND");
export const conflict = fail("CONFLICT");
export const notImplemented = fail("NOT_IMPLEMENTED");
export const payloadTooLarge = fail("PAYLOAD_TOO_LARGE");

export function badRequestWithDetails(message: string, details: Record<string, unknown>): AppError {
  return new AppError("BAD_REQUEST", message, { details });
}

/** 429 with the wait in whole seconds (rounded up) for the Retry-After header. */
export function tooManyRequestsFor(message: string, retryAfterMs: number): AppError {
  return new AppError("TOO_MANY_REQUESTS", message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/** The kind an HTTP status stands for (a framework's own client errors carry only a status). */
export function errorKindOfStatus(status: number): ErrorKind {
  const found = Object.entries(HTTP_STATUS).find(([, code]) => code === status);
  return found ? (found[0] as ErrorKind) : status < 500 ? "BAD_REQUEST" : "INTERNAL_SERVER_ERROR";
}

export function httpStatusOf(error: AppError): number {
  return HTTP_STATUS[error.kind];
}

/** The one JSON body of every error: { message } plus the error's extra fields. */
export function errorBody(error: AppError): { message: string } & Record<string, unknown> {
  const message = error.kind === "INTERNAL_SERVER_ERROR" ? "Internal server error" : error.message;
  return { ...error.details, message };
}

/**
 * Anything thrown, as an AppError: ours as it is (also when a framework wrapped it as its
 * cause), a failed validation as 400 with its first message, a database that is away as 503,
 * and everything else as a 500 that keeps the original as its cause (for the log).
 * `classify` lets a transport name its own errors first (tRPC's codes, Fastify's client errors).
 */
export function appErrorOf(thrown: unknown, classify?: (thrown: unknown) => AppError | undefined): AppError {
  if (thrown instanceof AppError) return thrown;
  const cause = (thrown as { cause?: unknown } | null)?.cause;
  if (cause instanceof AppError) return cause;
  const invalid = thrown instanceof ZodError ? thrown : cause instanceof ZodError ? cause : undefined;
  if (invalid) return new AppError("BAD_REQUEST", invalid.issues[0]?.message ?? "Invalid input", { cause: invalid });
  if (isDatabaseUnavailable(thrown)) {
    return new AppError("SERVICE_UNAVAILABLE", MESSAGES.databaseUnavailable, { cause: thrown });
  }
  return classify?.(thrown) ?? new AppError("INTERNAL_SERVER_ERROR", "Internal server error", { cause: thrown });
}

/** Whether an error kind is one of this module's (a transport code with the same name maps to it). */
export function isErrorKind(value: string): value is ErrorKind {
  return value in HTTP_STATUS;
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
