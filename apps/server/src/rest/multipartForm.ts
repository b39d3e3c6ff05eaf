// Reads an upload form (multipart/form-data) into its text fields and its one file, for the body
// readers of the REST route table (bulkUpload.ts, imageUpload.ts). The file is read into memory
// up to the form's own limit and no further: past it the request answers 413 with the form's
// message, so no truncated file ever reaches a procedure.
import { AppError } from "@forum/api";
import type { FastifyRequest } from "fastify";

export type UploadedFile = { name: string; content: Buffer };
export type MultipartForm = { fields: Record<string, string>; file?: UploadedFile };

export type FormShape = {
  /** The file's field name; a file under any other name is drained and ignored. */
  fileField: string;
  maxFileBytes: number;
  /** The 413 message past maxFileBytes. */
  tooLarge: string;
  /** The 400 message for a body that is not a readable multipart form. */
  unreadable: string;
};

/** The form, or null when the request is not multipart at all (JSON, no body). */
export async function readMultipartForm(request: FastifyRequest, shape: FormShape): Promise<MultipartForm | null> {
  if (!request.isMultipart()) return null;
  const form: MultipartForm = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: shape.maxFileBytes } })) {
      if (part.type === "field") {
        if (typeof part.value === "string") form.fields[part.fieldname] = part.value;
      } else if (part.fieldname === shape.fileField) {
        // Throws past the fileSize limit, instead of keeping a truncated file.
        form.file = { name: part.filename, content: await part.toBuffer() };
      } else {
        // A file under another name: drained, or the parts iterator would wait for it forever.
        part.file.resume();
      }
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("PAYLOAD_TOO_LARGE", shape.tooLarge, { cause: error });
    // @fastify/multipart's other limits carry a 4xx status (one file at a time); the error
    // handler words them. The form parser's errors (no boundary, cut-off body) carry none: 400.
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) throw error;
    throw new AppError("BAD_REQUEST", shape.unreadable, { cause: error });
  }
  return form;
}
