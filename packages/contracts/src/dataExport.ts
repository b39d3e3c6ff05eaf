// "Download my data" (issue 30): a member asks for a zip of what the forum keeps of them (profile,
// preferences, posts, replies, votes, notifications, avatar), built in the background and offered
// for a week. What the calls take and answer, and what the server says.
import { z } from "zod";
import { inMinutes } from "./messages";

const HOUR_MS = 60 * 60_000;

/** How long a built export can be downloaded; then the worker deletes it. */
export const DATA_EXPORT_KEPT_MS = 7 * 24 * HOUR_MS;

/** Minutes up to two hours, then whole hours (rounded up): "in 23 hours", not "in 1380 minutes". */
function waitText(minutes: number): string {
  if (minutes < 120) return inMinutes(minutes);
  return `${Math.ceil(minutes / 60)} hours`;
}

export const DATA_EXPORT_STATES = ["preparing", "ready", "expired", "failed"] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** The files of the zip, in its order (the avatar too, when the member has one). */
export const DATA_EXPORT_FILES = [
  "profile.json",
  "preferences.json",
  "posts.json",
  "replies.json",
  "votes.json",
  "notifications.json",
] as const;

export const DATA_EXPORT_MESSAGES = {
  requested: "Your data is being prepared. This page shows when it is ready.",
  requestedWithMail: (email: string) => `Your data is being prepared. We will also email ${email} when it is ready.`,
  tooSoon: (minutes: number) => `You can request your data once a day. Try again in ${waitText(minutes)}.`,
  notFound: "Export not found",
  notReady: "Your data is still being prepared",
  expired: "This export has expired: request a new one",
} as const;

/** The member's latest export, or none. */
export const dataExportStatusSchema = z.object({
  export: z
    .object({
      id: z.number().int(),
      state: z.enum(DATA_EXPORT_STATES),
      requestedAt: z.iso.datetime(),
      readyAt: z.iso.datetime().nullable(),
      expiresAt: z.iso.datetime().nullable().describe("Until when it can be downloaded (ready exports)"),
      sizeBytes: z.number().int().nullable(),
      downloadUrl: z.string().nullable().describe("GET it with the member's session: the zip as an attachment"),
    })
    .nullable(),
  /** When the member may ask again (one request a day, THROTTLES.dataExports); null: now. */
  nextRequestAt: z.iso.datetime().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

export const dataExportRequestedSchema = dataExportStatusSchema.extend({ message: z.string() });
export type DataExportRequested = z.infer<typeof dataExportRequestedSchema>;

/** The download's path for an export (the server's route and the status's downloadUrl). */
export function dataExportDownloadPath(id: number): string {
  return `/api/users/me/data-export/${id}/download`;
}
