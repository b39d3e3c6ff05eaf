// Reads the avatar form (multipart field `avatar`) into the input of users.setAvatar, which checks
// the picture by its content and stores it: one implementation for both doors. The file's name
// and declared type are not passed on: nothing trusts them.
import type { ApiCaller } from "@forum/api";
import { AVATAR_MAX_BYTES, MESSAGES } from "@forum/contracts";
import type { FastifyRequest } from "fastify";
import { readMultipartForm } from "./multipartForm";
import type { BodyReader, Input } from "./routes";

export async function readAvatarUpload(request: FastifyRequest, api: ApiCaller): Promise<Input> {
  // Signed in? A visitor's upload is refused (401) before its body is read (a banned account's by
  // setAvatar, 403). Any signed-in query tells; not auth.me, which signs a banned account's session
  // out (it is what tells the member about the ban).
  await api.users.preferences();
  const form = await readMultipartForm(request, {
    fileField: "avatar",
    maxFileBytes: AVATAR_MAX_BYTES,
    tooLarge: MESSAGES.avatarTooLarge,
    unreadable: "The upload could not be read: send a multipart form with the image in the field avatar",
  });
  return form?.file ? { content: form.file.content } : {};
}

export const avatarUploadForm: BodyReader = {
  contentType: "multipart/form-data",
  schema: {
    type: "object",
    properties: {
      avatar: {
        type: "string",
        format: "binary",
        description: `A JPG, PNG or GIF picture (told by its content, not its name), at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`,
      },
    },
    required: ["avatar"],
  },
  read: readAvatarUpload,
};
