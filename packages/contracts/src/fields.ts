// Field builders that carry the spec's messages: a missing value, a blank value and a value
// of the wrong type each get a message a person can act on (never zod's default text).
import { z } from "zod";
import { MESSAGES } from "./messages";
import { isBlank } from "./text";

const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A required text field: trimmed, bounded, and refused with the spec's `requiredMessage` when it
 * shows nothing (blank, or only invisible characters such as zero-width spaces; see text.ts).
 */
export function requiredText(label: string, requiredMessage: string, max: number) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? requiredMessage : MESSAGES.mustBe(label, "text")) })
    .trim()
    .refine((value) => !isBlank(value), requiredMessage)
    .max(max, MESSAGES.tooLong(label, max));
}

/**
 * An optional text field: trimmed, bounded; null or blank (invisible characters only included)
 * become null (clear the field) and an absent field stays undefined (leave it as it is).
 */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: MESSAGES.mustBe(label, "text") })
    .trim()
    .max(max, MESSAGES.tooLong(label, max))
    .nullish()
    .transform((value) => (value === undefined ? undefined : isBlank(value) ? null : value));
}

/** A positive whole-number id; REST paths and forms send ids as strings, so coerce. */
export function idField(label: string, requiredMessage?: string) {
  const message = (input: unknown) =>
    requiredMessage && (isMissing(input) || input === "")
      ? requiredMessage
      : MESSAGES.mustBe(label, "a positive whole number");
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z
      .number({ error: (issue) => message(issue.input) })
      .int({ error: (issue) => message(issue.input) })
      .positive({ error: (issue) => message(issue.input) }),
  );
}

/** A whole number from a query string or JSON, with a default when absent or blank (null: "no bound"). */
export function countField<Fallback extends number | null>(
  label: string,
  { min, max, fallback }: { min: number; max: number; fallback: Fallback },
) {
  return z
    .preprocess(
      (value) => (value === "" ? undefined : typeof value === "string" ? Number(value) : value),
      z
        .number({ error: MESSAGES.mustBe(label, "a whole number") })
        .int(MESSAGES.mustBe(label, "a whole number"))
        .min(min, MESSAGES.mustBe(label, `at least ${min}`))
        .max(max, MESSAGES.mustBe(label, `at most ${max}`))
        .optional(),
    )
    .optional()
    .transform((value) => value ?? fallback);
}

/** A boolean from JSON, or "true"/"false" from a query string or form. */
export function booleanField(label: string) {
  return z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: MESSAGES.mustBe(label, "true or false") }),
  );
}

export function enumField<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: MESSAGES.mustBe(label, `one of ${values.join(", ")}`) });
}

const HEX_COLOR = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

/** A hex colour, with or without '#', stored as lower-case '#rrggbb'. */
export function colorField() {
  return z
    .string({ error: MESSAGES.invalidColor })
    .trim()
    .regex(HEX_COLOR, MESSAGES.invalidColor)
    .transform((value) => {
      let hex = value.replace("#", "").toLowerCase();
      if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
      return `#${hex}`;
    });
}

export function emailField(requiredMessage: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? requiredMessage : MESSAGES.invalidEmail) })
    .trim()
    .min(1, requiredMessage)
    .max(254, MESSAGES.invalidEmail)
    .pipe(z.email(MESSAGES.invalidEmail))
    .transform((value) => value.toLowerCase());
}

/**
 * A personal web address: blank clears it; "example.com" becomes "https://example.com"; any
 * scheme other than http(s) (javascript:, data:) is refused, since profiles render it as a link.
 */
export function websiteField(max: number) {
  return optionalText("Website", max).pipe(
    z
      .string()
      .nullish()
      .transform((value, context) => {
        if (!value) return value;
        const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
        try {
          const url = new URL(withScheme);
          // Browsers percent-encode a space in a host ("not a web address" parses in Chromium,
          // not in Node): a host is letters, digits, dots and hyphens, so both sides agree.
          const plainHost = /^[a-z0-9.-]+$/i.test(url.hostname) && !/\s/.test(value);
          if ((url.protocol === "http:" || url.protocol === "https:") && plainHost) return withScheme;
        } catch {
          // fall through to the message below
        }
        context.addIssue({ code: "custom", message: MESSAGES.invalidWebsite });
        return z.NEVER;
      }),
  );
}
