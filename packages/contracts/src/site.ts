// The forum's identity (issue 32, admin screen "Site"): its name, a one-line description, a
// contact address and a logo. Read by every page (header, tab titles, meta tags, OpenGraph,
// JSON-LD) and every mail; GET /api/site answers it to anyone, POST /api/site changes it (admins).
import { z } from "zod";

/** What a forum is called before an admin names it (and what every existing test expects). */
export const DEFAULT_SITE_NAME = "Tech Forum";
export const DEFAULT_SITE_DESCRIPTION = "A community forum for technology discussions.";

export const SITE_NAME_MAX = 60;
export const SITE_DESCRIPTION_MAX = 200;
export const SITE_CONTACT_MAX = 200;
/** The logo is re-encoded (as avatars are) to fit within this box, keeping its shape. */
export const SITE_LOGO_MAX_SIDE = 256;

export const SITE_MESSAGES = {
  nameRequired: "The forum's name is required",
  nameTooLong: `The forum's name can be at most ${SITE_NAME_MAX} characters`,
  descriptionRequired: "The description is required (search engines and link previews show it)",
  descriptionTooLong: `The description can be at most ${SITE_DESCRIPTION_MAX} characters`,
  oneLine: "Use one line: no line breaks",
  contactTooLong: `The contact address can be at most ${SITE_CONTACT_MAX} characters`,
  contactInvalid: "The contact must be an email address (name@example.com) or a web address (https://…)",
} as const;

export const siteSchema = z.object({
  /** The forum's name: the header, the end of every tab title, og:site_name, mail subjects. */
  name: z.string(),
  /** One line: the home page's meta description and the default one of other pages. */
  description: z.string(),
  /** An email address or an http(s) address; null when none is given. */
  contact: z.string().nullable(),
  /** "/site/logo-<hash>.webp" (served as immutable), or null: the header shows the name alone. */
  logoUrl: z.string().nullable(),
});
export type Site = z.infer<typeof siteSchema>;

export const DEFAULT_SITE: Site = {
  name: DEFAULT_SITE_NAME,
  description: DEFAULT_SITE_DESCRIPTION,
  contact: null,
  logoUrl: null,
};

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** An email address, or an absolute http(s) address with a host. */
export function isSiteContact(value: string): boolean {
  if (EMAIL.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** "mailto:…" for an address, the address itself for a web page. */
export function siteContactHref(contact: string): string {
  return EMAIL.test(contact) ? `mailto:${contact}` : contact;
}

const oneLine = (value: string) => !/[\r\n]/.test(value);

/** The settings to change; one left out keeps its value. Text is trimmed first. */
export const siteInput = z.object({
  name: z
    .string({ error: SITE_MESSAGES.nameRequired })
    .trim()
    .min(1, SITE_MESSAGES.nameRequired)
    .max(SITE_NAME_MAX, SITE_MESSAGES.nameTooLong)
    .refine(oneLine, SITE_MESSAGES.oneLine)
    .optional(),
  description: z
    .string({ error: SITE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, SITE_MESSAGES.descriptionRequired)
    .max(SITE_DESCRIPTION_MAX, SITE_MESSAGES.descriptionTooLong)
    .refine(oneLine, SITE_MESSAGES.oneLine)
    .optional(),
  /** Empty or null removes it. */
  contact: z
    .string({ error: SITE_MESSAGES.contactInvalid })
    .trim()
    .max(SITE_CONTACT_MAX, SITE_MESSAGES.contactTooLong)
    .refine((value) => value === "" || isSiteContact(value), SITE_MESSAGES.contactInvalid)
    .nullable()
    .optional(),
});
export type SiteChange = z.infer<typeof siteInput>;
