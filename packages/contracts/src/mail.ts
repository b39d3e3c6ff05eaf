// Mail as the API shows it: the admin Mail screen's status and outbox, and the inputs of the
// mail procedures (the test mail, the outbox's pages).
import { z } from "zod";
import { countField, emailField, enumField } from "./fields";
import { MESSAGES } from "./messages";
import { newPasswordField } from "./schemas";

export const MAIL_STATES = ["kept", "queued", "sending", "sent", "failed"] as const;
export type MailStateName = (typeof MAIL_STATES)[number];

export const sendTestMailInput = z.object({ to: emailField(MESSAGES.requiredFields) });

export const mailOutboxInput = z.object({
  state: enumField("state", MAIL_STATES).optional(),
  offset: countField("offset", { min: 0, max: 1_000_000_000, fallback: 0 }),
  limit: countField("limit", { min: 1, max: 100, fallback: 20 }),
});

export const mailStatusSchema = z.object({
  /** SMTP_URL is set: mail is sent; otherwise kept in the outbox. */
  smtpConfigured: z.boolean(),
  /** The newest SMTP error of the outbox's mail, if any mail still carries one. */
  lastError: z.string().nullable(),
  /** When that error happened (ms since the epoch). */
  lastErrorAt: z.number().nullable(),
  counts: z.record(z.enum(MAIL_STATES), z.number().int()),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const outboxMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part (kept mail is read here, links included). */
  text: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When the last attempt failed. */
  lastErrorAt: z.number().nullable(),
  nextAttemptAt: z.number().nullable(),
  /** When the mail was written (a Retry leaves it). */
  createdAt: z.number(),
  sentAt: z.number().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxPageSchema = z.object({ mails: z.array(outboxMailSchema), total: z.number().int() });

export const confirmEmailInput = z.object({
  token: z.string({ error: MESSAGES.confirmLinkInvalid }).min(1, MESSAGES.confirmLinkInvalid).max(200),
});

// Account recovery (POST /api/password/forgot, POST /api/password/reset).
export const forgotPasswordInput = z.object({
  /** The account's username or email address. */
  login: z
    .string({ error: MESSAGES.requiredFields })
    .trim()
    .min(1, MESSAGES.requiredFields)
    .max(254, MESSAGES.requiredFields),
});

export const resetPasswordInput = z
  .object({
    token: z.string({ error: MESSAGES.resetLinkInvalid }).min(1, MESSAGES.resetLinkInvalid).max(200),
    password: newPasswordField(MESSAGES.requiredFields),
    confirmPassword: z.string().optional(),
  })
  .refine((input) => input.confirmPassword === undefined || input.confirmPassword === input.password, {
    message: MESSAGES.passwordMismatch,
    path: ["confirmPassword"],
  });

/** An admin's reset link for an account: sent by mail with SMTP, else shown to the admin once. */
export const adminResetLinkSchema = z.object({ message: z.string(), link: z.string().nullable() });
