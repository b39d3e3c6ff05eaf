// GET /api/users/me/data-export/{id}/download: a member's "Download my data" zip, from the
// database (any instance serves any export), as an attachment named
// forum-data-<username>-<date>.zip. The member's own session only: another member's export
// answers 404 as one that does not exist, and an API token is refused (an export holds the
// member's address and everything they wrote). Not a procedure: its answer is a file, not JSON.
import { AppError, dataExportFile } from "@forum/api";
import { DATA_EXPORT_MESSAGES, MESSAGES } from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import type { FastifyInstance } from "fastify";
import { plainFailure } from "../openapi/failures";
import type { ContextFactory } from "./context";

export const DATA_EXPORT_DOWNLOAD_ROUTE = "/api/users/me/data-export/:id/download";

const documented = {
  openapi: {
    plain: {
      tag: "dataExport",
      summary:
        "Download one's data export (a zip of JSON files and the avatar) while it is offered: the signed-in member's own, with the website's session",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      responses: {
        200: {
          description: "The zip, as an attachment (Content-Disposition names it forum-data-<username>-<date>.zip)",
          contentType: "application/zip",
          schema: { type: "string", format: "binary" },
        },
        401: plainFailure(MESSAGES.notSignedIn),
        404: plainFailure(`${DATA_EXPORT_MESSAGES.notFound}; or: ${DATA_EXPORT_MESSAGES.expired}`),
        409: plainFailure(DATA_EXPORT_MESSAGES.notReady),
      },
    },
  },
};

export function registerDataExportDownload(
  app: FastifyInstance,
  options: { contextFor: ContextFactory; reader: ForumDb; now: () => number },
): void {
  app.get(DATA_EXPORT_DOWNLOAD_ROUTE, { config: documented }, async (request, reply) => {
    const ctx = await options.contextFor(request, reply);
    if (!ctx.user || !ctx.session) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
    const id = Number((request.params as { id: string }).id);
    const found = Number.isSafeInteger(id)
      ? await dataExportFile(options.reader, ctx.user.id, id, options.now())
      : ({ found: "none" } as const);
    if (found.found === "preparing") throw new AppError("CONFLICT", DATA_EXPORT_MESSAGES.notReady);
    if (found.found === "expired") throw new AppError("NOT_FOUND", DATA_EXPORT_MESSAGES.expired);
    if (found.found !== "file") throw new AppError("NOT_FOUND", DATA_EXPORT_MESSAGES.notFound);
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="${found.fileName}"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(found.file);
  });
}
