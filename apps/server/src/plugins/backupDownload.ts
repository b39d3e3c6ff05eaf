// GET /api/admin/backups/{name}/download: one of the server's backups (the admin Backups screen's
// download link), as an attachment, streamed from the file: a backup can be larger than the
// server's memory. Admins with the website's session only (assertMayDownloadBackups). Not a
// procedure: its answer is a file, not JSON. The checksum is at {name}.sha256 in the same folder.
import { createReadStream } from "node:fs";
import { AppError, assertMayDownloadBackups, type Backups } from "@forum/api";
import { API_TOKEN_MESSAGES, BACKUP_FILE_PATTERN, BACKUP_MESSAGES, MESSAGES } from "@forum/contracts";
import type { FastifyInstance } from "fastify";
import { plainFailure } from "../openapi/failures";
import type { ContextFactory } from "./context";

export const BACKUP_DOWNLOAD_ROUTE = "/api/admin/backups/:name/download";

const documented = {
  openapi: {
    plain: {
      tag: "backups",
      summary:
        "Download one of the server's backups (a tar of the database image, the uploads and a manifest): admins, with the website's session",
      parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        200: {
          description: "The backup, as an attachment named after it",
          contentType: "application/x-tar",
          schema: { type: "string", format: "binary" },
        },
        401: plainFailure(MESSAGES.notSignedIn),
        403: plainFailure(`${MESSAGES.adminOnly}; or: ${API_TOKEN_MESSAGES.sessionOnly}`),
        404: plainFailure(BACKUP_MESSAGES.notFound),
      },
    },
  },
};

export function registerBackupDownload(
  app: FastifyInstance,
  options: { contextFor: ContextFactory; backups: Backups },
): void {
  app.get(BACKUP_DOWNLOAD_ROUTE, { config: documented }, async (request, reply) => {
    const ctx = await options.contextFor(request, reply);
    await assertMayDownloadBackups(ctx.db, ctx);
    const { name } = request.params as { name: string };
    const file = BACKUP_FILE_PATTERN.test(name) ? await options.backups.find(name) : undefined;
    if (!file) throw new AppError("NOT_FOUND", BACKUP_MESSAGES.notFound);
    return reply
      .header("content-type", "application/x-tar")
      .header("content-length", file.sizeBytes)
      .header("content-disposition", `attachment; filename="${file.name}"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(createReadStream(file.path));
  });
}
