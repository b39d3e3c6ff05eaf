// The invisible-character rule: text that shows nothing is refused like a blank field, with the
// spec's "required" message of that field, by the schemas both the server and the forms use.
import { describe, expect, it } from "vitest";
import {
  adminUpdateUserInput,
  createCategoryInput,
  createPostInput,
  createReplyInput,
  isBlank,
  registerInput,
  updateCategoryInput,
  updatePostInput,
  updateProfileInput,
  updateReplyInput,
} from "../src";

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error?.issues[0]?.message;

/** Every character the rule names, each alone and all together. */
const INVISIBLES = [
  "\u200B", // zero-width space
  "\u200C", // zero-width non-joiner
  "\u200D", // zero-width joiner
  "\u2060", // word joiner
  "\uFEFF", // byte-order mark / zero-width no-break space
  "\u200E", // left-to-right mark
  "\u200F", // right-to-left mark
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E", // bidi embeddings and overrides
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069", // bidi isolates
];
const BLANKS = [...INVISIBLES, INVISIBLES.join(""), ` \u200B\t\u00A0\u202E\n `];

describe("isBlank", () => {
  it.each(BLANKS.map((text) => [JSON.stringify(text), text]))("%s is blank", (_label, text) => {
    expect(isBlank(text)).toBe(true);
  });

  it("anything that shows is not blank, invisible characters around it or not", () => {
    for (const text of ["a", "\u200Ba\u200B", "\u202Eevil", "👍", "👨\u200D💻", "\u00A0.", "中"]) {
      expect(isBlank(text), JSON.stringify(text)).toBe(false);
    }
    expect(isBlank("")).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
  });
});

describe("schemas refuse text that shows nothing, with the field's required message", () => {
  const cases: Array<[string, (blank: string) => unknown, { safeParse: (value: unknown) => unknown }, string]> = [
    [
      "post title",
      (b) => ({ title: b, content: "c", categoryId: 1 }),
      createPostInput,
      "Please fill in all required fields",
    ],
    [
      "post content",
      (b) => ({ title: "t", content: b, categoryId: 1 }),
      createPostInput,
      "Please fill in all required fields",
    ],
    [
      "edited post title",
      (b) => ({ id: 1, title: b, content: "c", categoryId: 1 }),
      updatePostInput,
      "Post title is required",
    ],
    ["reply", (b) => ({ postId: 1, content: b }), createReplyInput, "Please enter reply content"],
    ["edited reply", (b) => ({ id: 1, content: b }), updateReplyInput, "Please enter reply content"],
    [
      "category name",
      (b) => ({ name: b, description: "d" }),
      createCategoryInput,
      "Please fill in all required fields",
    ],
    ["edited category name", (b) => ({ id: 1, name: b }), updateCategoryInput, "Category name is required"],
    [
      "username",
      (b) => ({ username: b, email: "a@example.com", password: "long enough" }),
      registerInput,
      "Please fill in all fields",
    ],
    [
      "username (admin edit)",
      (b) => ({ id: 1, username: b, email: "a@example.com", role: "user" }),
      adminUpdateUserInput,
      "Username is required",
    ],
  ];
  it.each(cases)("%s", (_field, input, schema, message) => {
    for (const blank of BLANKS) {
      const result = schema.safeParse(input(blank)) as Parameters<typeof firstMessage>[0];
      expect(firstMessage(result), JSON.stringify(blank)).toBe(message);
    }
  });

  it("keeps text that shows something as it was written (joiners inside emoji stay)", () => {
    const parsed = createReplyInput.parse({ postId: 1, content: " 👨\u200D💻 ok " });
    expect(parsed.content).toBe("👨\u200D💻 ok");
  });

  it("an optional name made of invisible characters clears the field", () => {
    const parsed = updateProfileInput.parse({ id: 1, firstName: "\u200B\u200D", lastName: "\u2066Ada\u2069" });
    expect(parsed.firstName).toBeNull();
    expect(parsed.lastName).toBe("\u2066Ada\u2069");
  });
});
