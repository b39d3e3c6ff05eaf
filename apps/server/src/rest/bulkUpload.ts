// Reads the bulk-upload form (multipart fields `file` and `type`) into the input of the
// bulk.upload procedure, which checks it and does the import: one implementation for both doors.
import { type ApiCaller, AppError } from "@forum/api";
import { BULK_MAX_FILE_BYTES, BULK_UPLOAD_TYPES } from "@forum/contracts";
import type { FastifyRequest } from "fastify";
import type { BodyReader, Input } from "./routes";

const UNREADABLE_FORM = "The upload could not be read: send a multipart form with the fields file and type";

export async function readBulkUpload(request: FastifyRequest, api: ApiCaller): Promise<Input> {
  // An admin-only call first, so a visitor's or member's upload is refused (401/403) before its
  // body is read, let alone parsed.
  await api.bulk.columns();
  // Anything else (JSON, no body) reaches the procedure without a file: "Please select a file...".
  if (!request.isMultipart()) return {};
  const input: Input = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.fieldname === "type") input.type = part.value;
      } else if (part.fieldname === "file") {
        input.fileName = part.filename;
        // Throws 413 past the multipart fileSize limit (app.ts), instead of keeping a truncated file.
        input.content = await part.toBuffer();
      } else {
        // A file under another name: drained, or the parts iterator would wait for it forever.
        part.file.resume();
      }
    }
  } catch (error) {
    // @fastify/multipart's own limits carry a 4xx status (413 too large); the error handler words
    // them. The form parser's errors (no boundary, cut-off body) carry none: 400, not 500.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw new AppError("BAD_REQUEST", UNREADABLE_FORM, { cause: error });
  }
  return input;
}

export const bulkUploadForm: BodyReader = {
  contentType: "multipart/form-data",
  schema: {
    type: "object",
    properties: {
      file: {
        type: "string",
        format: "binary",
        description: `The spreadsheet (.xlsx or .xls), at most ${BULK_MAX_FILE_BYTES / 1024 / 1024} MB`,
      },
      type: { type: "string", enum: [...BULK_UPLOAD_TYPES], description: "What the rows are" },
    },
    required: ["file", "type"],
  },
  read: readBulkUpload,
};
