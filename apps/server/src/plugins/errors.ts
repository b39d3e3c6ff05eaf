// One error mapping for the whole server: whatever was thrown becomes the AppError it answers
// (packages/api/src/errors.ts), with its status and its one JSON body; 5xx details are logged
// with their stack and never sent.
import { AppError, errorBody, errorKindOfStatus, httpStatusOf, toAppError } from "@forum/api";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    const error = fastifyClientError(thrown) ?? toAppError(thrown);
    const status = httpStatusOf(error);
    if (status >= 500) request.log.error({ err: error.cause ?? error }, "request failed");
    return sendError(reply, error);
  });
}

/** Answers an error: its status, Retry-After when it names a wait, and its `{ message }` body. */
export function sendError(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
  return reply.code(httpStatusOf(error)).send(errorBody(error));
}

/** Fastify's own client errors (malformed JSON, body too large, wrong content type, upload limits). */
function fastifyClientError(thrown: unknown): AppError | undefined {
  const error = thrown as Partial<FastifyError> | null;
  const status = error?.statusCode;
  if (thrown instanceof AppError || typeof status !== "number" || status < 400 || status >= 500) return undefined;
  return new AppError(errorKindOfStatus(status), clientErrorMessage(error as FastifyError), { cause: thrown });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type: send JSON";
    // The upload limits of @fastify/multipart (apps/server/src/app.ts); each upload form answers
    // its own limit in its own words (rest/multipartForm.ts).
    case "FST_REQ_FILE_TOO_LARGE":
      return "The file is too large";
    case "FST_FILES_LIMIT":
      return "Send one file at a time";
    default:
      return error.message;
  }
}
