// Sends one spreadsheet as multipart form data (fields file and type) to POST /api/bulk-upload
// with XMLHttpRequest, the one browser API that reports upload progress.
import type { BulkUploadType } from "@forum/contracts";

export const BULK_UPLOAD_URL = "/api/bulk-upload";

export type UploadAnswer = { status: number; statusText: string; text: string; body: unknown };

type Callbacks = {
  /** Bytes of the request body sent so far. */
  onProgress: (loaded: number, total: number) => void;
  /** The whole file is sent; the server is importing it. */
  onUploaded: () => void;
};

export type UploadHandle = { answer: Promise<UploadAnswer>; abort: () => void };

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Resolves with any HTTP answer (the caller reads its status); rejects only when none came. */
export function uploadSpreadsheet(file: File, type: BulkUploadType, callbacks: Callbacks): UploadHandle {
  const xhr = new XMLHttpRequest();
  const answer = new Promise<UploadAnswer>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      callbacks.onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.upload.onload = () => callbacks.onUploaded();
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        text: xhr.responseText,
        body: parse(xhr.responseText),
      });
    xhr.onerror = () => reject(new Error("network error"));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
  });
  const form = new FormData();
  // The type first, so the server knows what it reads before the file arrives.
  form.append("type", type);
  form.append("file", file, file.name);
  xhr.open("POST", BULK_UPLOAD_URL);
  xhr.withCredentials = true;
  xhr.setRequestHeader("accept", "application/json");
  xhr.send(form);
  return { answer, abort: () => xhr.abort() };
}
