// One error mapping for the whole server: every error answers JSON { message } with its status;
// 5xx details are logged with their stack and never sent.
import { httpStatusOf, publicDetails, publicMessage, retryAfterOf, unavailableIfDatabaseDown } from "@forum/api";
import { TRPCError } from "@trpc/server";
import type { FastifyError, FastifyInstance } from "fastify";

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | TRPCError, request, reply) => {
    // A database that is away answers 503 whichever layer noticed it first.
    const error = unavailableIfDatabaseDown(thrown);
    if (error instanceof TRPCError) {
      const status = httpStatusOf(error);
      if (status >= 500) request.log.error({ err: error.cause ?? error }, "procedure failed");
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== undefined) reply.header("retry-after", String(retryAfter));
      return reply.code(status).send({ message: publicMessage(error), ...publicDetails(error) });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ message: "Internal server error" });
    }
    // Fastify's own client errors (malformed JSON, body too large, wrong content type).
    return reply.code(status).send({ message: clientErrorMessage(error) });
  });
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
