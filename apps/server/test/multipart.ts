// Multipart bodies for the upload tests, encoded by the platform's FormData like a browser's.
export type FormFile = { name: string; bytes: Uint8Array; type?: string };

/** A real multipart/form-data body with the given text fields and files, in order. */
export async function multipartBody(fields: Record<string, string | FormFile | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], value.type ? { type: value.type } : {}), value.name);
  }
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get("content-type") as string,
  };
}

/** The smallest real picture: a one-pixel PNG. */
export const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
