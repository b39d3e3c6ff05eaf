// A post's optional text fields, the one list of them (no zod here: the web shell may import it).
// Each is stored as text or null in a column of the same name, sent and edited under that name,
// and shown as a text area in the post dialogs; the input schemas, the post view's schema, the
// service's reads and writes, the forms and the API tests all go through this list. A new optional
// field is one entry here, its column (db/schema.ts and a migration) and, if the post page should
// show it, PostDetail.
import { LIMITS } from "./constants";

export const OPTIONAL_POST_TEXT = {
  excerpt: { label: "Excerpt", placeholder: "A short summary (optional)", max: LIMITS.excerpt },
} as const satisfies Record<string, { label: string; placeholder: string; max: number }>;

export type OptionalPostTextField = keyof typeof OPTIONAL_POST_TEXT;

export const OPTIONAL_POST_TEXT_FIELDS = Object.keys(OPTIONAL_POST_TEXT) as OptionalPostTextField[];

/** One value per optional text field, each made by `make` (an empty form, a schema, a view). */
export function perOptionalPostText<Value>(
  make: (field: OptionalPostTextField) => Value,
): Record<OptionalPostTextField, Value> {
  return Object.fromEntries(OPTIONAL_POST_TEXT_FIELDS.map((field) => [field, make(field)])) as Record<
    OptionalPostTextField,
    Value
  >;
}
