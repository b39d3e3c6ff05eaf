// Sends a multipart form (an upload) with XMLHttpRequest, the one browser API that reports upload
// progress, and hands back whatever the server answered: the caller reads its status.
export type UploadAnswer = { status: number; statusText: string; text: string; body: unknown };

export type UploadCallbacks = {
  /** Bytes of the request body sent so far. */
  onProgress?: (loaded: number, total: number) => void;
  /** The whole body is sent; the server is working on it. */
  onUploaded?: () => void;
};

export type UploadHandle = { answer: Promise<UploadAnswer>; abort: () => void };

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Resolves with any HTTP answer; rejects only when none came (network error, or aborted). */
export function sendForm(url: string, form: FormData, callbacks: UploadCallbacks = {}): UploadHandle {
  const xhr = new XMLHttpRequest();
  const answer = new Promise<UploadAnswer>((resolve, reject) => {
    xhr.upload.onprogress = (event) => callbacks.onProgress?.(event.loaded, event.total);
    xhr.upload.onload = () => callbacks.onUploaded?.();
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
  xhr.open("POST", url);
  xhr.withCredentials = true;
  xhr.setRequestHeader("accept", "application/json");
  xhr.send(form);
  return { answer, abort: () => xhr.abort() };
}

/** The server's own message of a failed answer, else its text, else the status text. */
export function answerMessage(answer: UploadAnswer): string {
  const body = answer.body;
  const message = typeof body === "object" && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === "string" && message ? message : answer.text.trim() || answer.statusText;
}

/**
 * A failed answer as an error that carries its HTTP status (httpStatusOf reads it) and the
 * server's message, so an upload fails through lib/useToastedMutation like any other write.
 */
export class FailedAnswer extends Error {
  readonly httpStatus: number;
  constructor(answer: UploadAnswer) {
    super(answerMessage(answer));
    this.name = "FailedAnswer";
    this.httpStatus = answer.status;
  }
}
