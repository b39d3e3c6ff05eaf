// GET /api/admin/export/{type}?format=xlsx|csv: the admin's spreadsheet export (issue 32) of
// members, categories, posts or replies in the bulk import's columns, streamed as it is read
// (packages/api/src/spreadsheetExport), so 100,000 posts never sit in memory. X-Export-Rows gives
// the row count first: the admin screen's progress bar counts the rows as they arrive. Admins
// only (401 signed out, 403 others, and the forum's two-step rule for staff applies). Not a
// procedure: its answer is a file, not JSON.
import { Readable } from "node:stream";
import { AppError, assertStaffTwoStep, recordStaffActions, spreadsheetExport, staffActor } from "@forum/api";
import {
  BULK_UPLOAD_TYPES,
  type BulkUploadType,
  EXPORT_ROWS_HEADER,
  MESSAGES,
  SPREADSHEET_EXPORT_FORMATS,
  type SpreadsheetExportFormat,
} from "@forum/contracts";
import type { ForumDb } from "@forum/db";
import type { FastifyInstance } from "fastify";
import { plainFailure } from "../openapi/failures";
import type { ContextFactory } from "./context";

export const SPREADSHEET_EXPORT_ROUTE = "/api/admin/export/:type";

const badType = MESSAGES.mustBe("The export type", `one of ${BULK_UPLOAD_TYPES.join(", ")}`);
const badFormat = MESSAGES.mustBe("The format", `one of ${SPREADSHEET_EXPORT_FORMATS.join(", ")}`);

const documented = {
  openapi: {
    plain: {
      tag: "bulk",
      summary:
        "Export members, categories, posts or replies as .xlsx or .csv in the bulk upload's columns (passwords never: password_exported is false), streamed; admins only",
      parameters: [
        { name: "type", in: "path", required: true, schema: { type: "string", enum: [...BULK_UPLOAD_TYPES] } },
        {
          name: "format",
          in: "query",
          required: false,
          schema: { type: "string", enum: [...SPREADSHEET_EXPORT_FORMATS], default: "xlsx" },
        },
      ],
      responses: {
        200: {
          description: `The file, as an attachment named forum-<type>-<date>.<format>; ${EXPORT_ROWS_HEADER} holds its row count`,
          contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          schema: { type: "string", format: "binary" },
        },
        400: plainFailure(`${badType}; or: ${badFormat}`),
        401: plainFailure(MESSAGES.notSignedIn),
        403: plainFailure(MESSAGES.adminOnly),
      },
    },
  },
};

const isType = (value: string): value is BulkUploadType => (BULK_UPLOAD_TYPES as readonly string[]).includes(value);
const isFormat = (value: string): value is SpreadsheetExportFormat =>
  (SPREADSHEET_EXPORT_FORMATS as readonly string[]).includes(value);

export function registerSpreadsheetExport(
  app: FastifyInstance,
  options: { contextFor: ContextFactory; reader: ForumDb; now: () => number },
): void {
  app.get(SPREADSHEET_EXPORT_ROUTE, { config: documented }, async (request, reply) => {
    const ctx = await options.contextFor(request, reply);
    if (!ctx.user) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
    if (ctx.user.role !== "admin") throw new AppError("FORBIDDEN", MESSAGES.adminOnly);
    await assertStaffTwoStep(ctx.db, ctx.user);
    const { type } = request.params as { type: string };
    const format = (request.query as { format?: string }).format ?? "xlsx";
    if (!isType(type)) throw new AppError("BAD_REQUEST", badType);
    if (!isFormat(format)) throw new AppError("BAD_REQUEST", badFormat);

    const file = await spreadsheetExport(options.reader, type, format, options.now());
    // Who took the forum's content out, what and how much: in the staff log before a byte leaves.
    await recordStaffActions(
      ctx.db,
      staffActor(ctx.user),
      [
        {
          action: "export",
          targetType: "export",
          targetId: null,
          targetLabel: file.fileName,
          details: { type, format, rows: file.total },
        },
      ],
      options.now(),
    );
    const body = Readable.from(file.body, { objectMode: false });
    // A database failure mid-stream can no longer change the status: the answer is cut short
    // (the browser sees a broken download) and the reason is logged.
    body.on("error", (error) => request.log.error({ err: error }, "spreadsheet export cut short"));
    return reply
      .header("content-type", file.contentType)
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .header(EXPORT_ROWS_HEADER, String(file.total))
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(body);
  });
}
