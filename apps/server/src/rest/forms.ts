// The readers of the request bodies that are not JSON, by the procedure whose REST path takes
// them (its meta says `form: "multipart"`): the multipart form parsed into the procedure's input.
import type { ProcedurePath } from "@forum/api";
import { bulkUploadForm } from "./bulkUpload";
import { avatarUploadForm, siteLogoUploadForm } from "./imageUpload";
import type { BodyReader } from "./routes";

export const multipartForms: Partial<Record<ProcedurePath, BodyReader>> = {
  "users.setAvatar": avatarUploadForm,
  "bulk.upload": bulkUploadForm,
  "site.setLogo": siteLogoUploadForm,
};
