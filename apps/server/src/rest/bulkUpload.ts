// Reads the bulk-upload form (multipart fields `file` and `type`) into the input of the
// bulk.upload procedure, which checks it and does the import: one implementation for both doors.
import type { ApiCaller } from "@forum/api";
import { BULK_MAX_FILE_BYTES, BULK_UPLOAD_TYPES, MESSAGES } from "@forum/contracts";
import type { FastifyRequest } from "fastify";
import { readMultipartForm } from "./multipartForm";
import type { BodyReader, Input } from "./routes";

const UNREADABLE_FORM = "The upload could not be read: send a multipart form with the fields file and type";

export async function readBulkUpload(request: FastifyRequest, api: ApiCaller): Promise<Input> {
  // An admin-only call first, so a visitor's or member's upload is refused (401/403) before its
  // body is read, let alone parsed.
  await api.bulk.columns();
  const form = await readMultipartForm(request, {
    fileField: "file",
    maxFileBytes: BULK_MAX_FILE_BYTES,
    tooLarge: MESSAGES.bulkFileTooLarge,
    unreadable: UNREADABLE_FORM,
  });
  // Anything else (JSON, no body) reaches the procedure without a file: "Please select a file...".
  if (!form) return {};
  const input: Input = {};
  if (form.fields.type !== undefined) input.type = form.fields.type;
  if (form.file) {
    input.fileName = form.file.name;
    input.content = form.file.content;
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
