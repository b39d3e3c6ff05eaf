// Reads an image form (multipart, one file field) into the input of the procedure that checks the
// picture by its content and stores it: users.setAvatar (field `avatar`) and site.setLogo (field
// `logo`, the avatar's rules): one implementation for both doors. The file's name and declared
// type are not passed on: nothing trusts them.
import type { ApiCaller } from "@forum/api";
import { AVATAR_MAX_BYTES, MESSAGES } from "@forum/contracts";
import type { FastifyRequest } from "fastify";
import { readMultipartForm } from "./multipartForm";
import type { BodyReader } from "./routes";

/**
 * The form of one picture in `field`. `mayUpload` is a call that fails (401/403) for a caller who
 * may not upload, made before the body is read.
 */
function imageUploadForm(field: string, mayUpload: (api: ApiCaller) => Promise<unknown>): BodyReader {
  return {
    contentType: "multipart/form-data",
    schema: {
      type: "object",
      properties: {
        [field]: {
          type: "string",
          format: "binary",
          description: `A JPG, PNG or GIF picture (told by its content, not its name), at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`,
        },
      },
      required: [field],
    },
    read: async (request: FastifyRequest, api: ApiCaller) => {
      await mayUpload(api);
      const form = await readMultipartForm(request, {
        fileField: field,
        maxFileBytes: AVATAR_MAX_BYTES,
        tooLarge: MESSAGES.avatarTooLarge,
        unreadable: `The upload could not be read: send a multipart form with the image in the field ${field}`,
      });
      return form?.file ? { content: form.file.content } : {};
    },
  };
}

// Signed in? A visitor's upload is refused (401) before its body is read (a banned account's by
// setAvatar, 403). Any signed-in query tells; not auth.me, which signs a banned account's session
// out (it is what tells the member about the ban).
export const avatarUploadForm = imageUploadForm("avatar", (api) => api.users.preferences());

// An admin? Anyone else's upload is refused (401/403) before its body is read: an admin-only read
// with a fixed answer (the bulk upload's columns), as the bulk upload itself does.
export const siteLogoUploadForm = imageUploadForm("logo", (api) => api.bulk.columns());
