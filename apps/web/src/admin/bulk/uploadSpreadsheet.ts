// Sends one spreadsheet as multipart form data (fields file and type) to POST /api/bulk-upload.
import type { BulkUploadType } from "@forum/contracts";
import { sendForm, type UploadCallbacks, type UploadHandle } from "../../lib/sendForm";

export const BULK_UPLOAD_URL = "/api/bulk-upload";

/** Resolves with any HTTP answer (the caller reads its status); rejects only when none came. */
export function uploadSpreadsheet(
  file: File,
  type: BulkUploadType,
  callbacks: Required<UploadCallbacks>,
): UploadHandle {
  const form = new FormData();
  // The type first, so the server knows what it reads before the file arrives.
  form.append("type", type);
  form.append("file", file, file.name);
  return sendForm(BULK_UPLOAD_URL, form, {
    ...callbacks,
    // A browser that cannot tell the body's length reports 0: the file's size is close enough.
    onProgress: (loaded, total) => callbacks.onProgress(loaded, total || file.size),
  });
}
