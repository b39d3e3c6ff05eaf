// The spreadsheet bulk import (spec sections 2, 3 and 5): the column set of each upload type,
// in one place. The server validates every cell with these schemas, writes the example files
// from these examples, and the admin screen can list the same columns.
import { z } from "zod";
import { BULK_UPLOAD_TYPES, type BulkUploadType, LIMITS, ROLES } from "./constants";
import { colorField, emailField, enumField, requiredText } from "./fields";
import { MESSAGES } from "./messages";
import { newPasswordField, usernameField } from "./schemas";

/** Rows below the header row a single file may hold. */
export const BULK_MAX_ROWS = 100_000;
const EXCEL_FILE_NAME = /\.xlsx?$/i;

export type BulkExample = string | number | boolean;

export type BulkColumn = {
  /** The header cell, case-sensitive. */
  name: string;
  required: boolean;
  /** What the cell holds, in words, for the admin screen. */
  type: string;
  /**
   * Checks one non-blank cell, given as trimmed text, and turns it into the stored value.
   * Blank cells never reach it: they are "required" problems or the column's default.
   */
  schema: z.ZodType<unknown, string>;
  /** One value per example row; "" leaves the cell blank. */
  examples: readonly BulkExample[];
  /**
   * A required column whose cell may still be blank in a row where this other column is false:
   * an exported member has no password (the export never holds one) and password_exported says so.
   */
  blankWhenFalse?: string;
};

const text = (column: string, max: number) => requiredText(column, `${column} is required`, max);

/** A positive whole number; number cells arrive as their text, so "1" and 1 are the same. */
const id = (column: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, MESSAGES.mustBe(column, "a positive whole number"))
    .transform(Number)
    .refine((value) => value > 0, MESSAGES.mustBe(column, "a positive whole number"));

const FLAGS = new Map([
  ["true", true],
  ["false", false],
  ["1", true],
  ["0", false],
  ["yes", true],
  ["no", false],
]);
/** Spreadsheets spell booleans many ways: TRUE/FALSE cells, 1/0 and yes/no are all accepted. */
const flag = (column: string) =>
  z.string().transform((value, context) => {
    const parsed = FLAGS.get(value.toLowerCase());
    if (parsed !== undefined) return parsed;
    context.addIssue({ code: "custom", message: MESSAGES.mustBe(column, "true or false (or yes/no, 1/0)") });
    return z.NEVER;
  });

export const BULK_COLUMNS = {
  users: [
    {
      name: "username",
      required: true,
      type: `text, ${LIMITS.username.min} to ${LIMITS.username.max} letters, numbers, dots, underscores or hyphens; unique`,
      schema: usernameField(MESSAGES.usernameRequired),
      examples: ["jane_doe", "sam.lee"],
    },
    {
      name: "email",
      required: true,
      type: "email address; unique",
      schema: emailField(MESSAGES.invalidEmail),
      examples: ["jane.doe@example.org", "sam.lee@example.org"],
    },
    {
      name: "password",
      required: true,
      type: `text, at least ${LIMITS.password.min} characters (stored hashed); blank only when password_exported is false`,
      schema: newPasswordField(MESSAGES.passwordTooShort),
      examples: ["change-me-please-1", "change-me-please-2"],
      blankWhenFalse: "password_exported",
    },
    {
      name: "first_name",
      required: false,
      type: `text, at most ${LIMITS.name} characters`,
      schema: text("first_name", LIMITS.name),
      examples: ["Jane", "Sam"],
    },
    {
      name: "last_name",
      required: false,
      type: `text, at most ${LIMITS.name} characters`,
      schema: text("last_name", LIMITS.name),
      examples: ["Doe", ""],
    },
    {
      name: "role",
      required: false,
      type: `${ROLES.join(", ")} (default user)`,
      schema: enumField("role", ROLES),
      examples: ["user", "moderator"],
    },
    {
      // The admin's export writes false with a blank password: such a member is imported without a
      // password they could sign in with, and sets one with "Forgot password".
      name: "password_exported",
      required: false,
      type: "true or false (default true); false: the password cell is blank and the member sets one with Forgot password",
      schema: flag("password_exported"),
      examples: [true, true],
    },
  ],
  categories: [
    {
      name: "name",
      required: true,
      type: `text, at most ${LIMITS.categoryName} characters`,
      schema: text("name", LIMITS.categoryName),
      examples: ["Rust", "Cloud Native"],
    },
    {
      name: "description",
      required: false,
      type: `text, at most ${LIMITS.categoryDescription} characters`,
      schema: text("description", LIMITS.categoryDescription),
      examples: ["Ownership, borrowing and fearless concurrency.", "Kubernetes, service meshes and serverless."],
    },
    {
      name: "color",
      required: false,
      type: "hex colour such as #3b82f6 (default #3b82f6)",
      schema: colorField(),
      examples: ["#f97316", "14b8a6"],
    },
  ],
  posts: [
    {
      name: "title",
      required: true,
      type: `text, at most ${LIMITS.title} characters`,
      schema: text("title", LIMITS.title),
      examples: ["Welcome to the imported posts", "How do you structure a monorepo?"],
    },
    {
      name: "content",
      required: true,
      type: `text, at most ${LIMITS.content} characters`,
      schema: text("content", LIMITS.content),
      examples: [
        "This post was imported from a spreadsheet.",
        "We are moving to pnpm workspaces. What layout worked for you?",
      ],
    },
    {
      name: "excerpt",
      required: false,
      type: `text, at most ${LIMITS.excerpt} characters (default: the start of the content)`,
      schema: text("excerpt", LIMITS.excerpt),
      examples: ["A short summary shown on cards", ""],
    },
    {
      name: "categoryId",
      required: true,
      type: "id of an existing category",
      schema: id("categoryId"),
      examples: [1, 2],
    },
    {
      name: "authorId",
      required: true,
      type: "id of an existing user",
      schema: id("authorId"),
      examples: [1, 2],
    },
    {
      name: "featured",
      required: false,
      type: "true or false (also yes/no, 1/0; default false)",
      schema: flag("featured"),
      examples: [false, true],
    },
  ],
  replies: [
    {
      name: "content",
      required: true,
      type: `text, at most ${LIMITS.reply} characters`,
      schema: text("content", LIMITS.reply),
      examples: ["Thanks, this was helpful!", "I had the same problem; upgrading fixed it."],
    },
    {
      name: "postId",
      required: true,
      type: "id of an existing post",
      schema: id("postId"),
      examples: [1, 2],
    },
    {
      name: "authorId",
      required: true,
      type: "id of an existing user",
      schema: id("authorId"),
      examples: [1, 2],
    },
  ],
} as const satisfies Record<BulkUploadType, readonly BulkColumn[]>;

/** The example file names served under /uploads/, one per upload type. */
export const bulkExampleFileName = (type: BulkUploadType) => `example_${type}.xlsx`;

const missingFileOrType = { error: MESSAGES.bulkFileAndType };

/**
 * One upload as the procedure receives it. The file and the type are checked first (the
 * spec's message), then the file name (the spec's .xlsx/.xls message).
 */
export const bulkUploadInput = z.object({
  type: z.enum(BULK_UPLOAD_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? MESSAGES.bulkFileAndType
        : MESSAGES.mustBe("Upload type", `one of ${BULK_UPLOAD_TYPES.join(", ")}`),
  }),
  fileName: z.string(missingFileOrType).min(1, MESSAGES.bulkFileAndType).regex(EXCEL_FILE_NAME, MESSAGES.bulkFileType),
  content: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, missingFileOrType)
    .refine((value) => value.byteLength > 0, MESSAGES.bulkFileEmpty),
});
export type BulkUploadInput = z.infer<typeof bulkUploadInput>;

/** The admin's spreadsheet export (issue 32): the same four kinds, as .xlsx or .csv. */
export const SPREADSHEET_EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type SpreadsheetExportFormat = (typeof SPREADSHEET_EXPORT_FORMATS)[number];
/** The response header with the export's row count (below the header row), sent before the rows. */
export const EXPORT_ROWS_HEADER = "x-export-rows";
/** Where the browser downloads one export (a plain link works; the screen reads it with progress). */
export const spreadsheetExportUrl = (type: BulkUploadType, format: SpreadsheetExportFormat) =>
  `/api/admin/export/${type}?format=${format}`;
