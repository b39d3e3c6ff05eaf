// Messages that travel with a redirect (issue 26): the sign-in, registration and reply forms also
// submit natively, before the web app is live or without JavaScript. The server answers such a
// POST with a redirect and these messages in a short-lived cookie; the next page shows them once,
// with the words the app's toasts use.
import { z } from "zod";
import { RESUME_ACTIONS } from "./constants";
import { MESSAGES } from "./messages";

export const FLASH_COOKIE = "forum_flash";
/** Seconds a flash waits for the page it was meant for. */
export const FLASH_MAX_AGE = 60;

/** The forms that post natively. */
export const NATIVE_FORMS = ["login", "register", "reply"] as const;
export type NativeForm = (typeof NATIVE_FORMS)[number];

export const flashSchema = z.object({
  title: z.string().max(200),
  message: z.string().max(1000),
  color: z.enum(["green", "red"]),
  /** The form a failure is about, and what was typed in it (never a password). */
  form: z.enum(NATIVE_FORMS).optional(),
  values: z.record(z.string(), z.string().max(2000)).optional(),
  /** After a sign-in: the action the page resumes. */
  resume: z.enum(RESUME_ACTIONS).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

export type FlashText = { title: string; message: string };

/** The success toasts of spec section 8, for the forms that also post natively. */
export const FORM_SUCCESS: Record<NativeForm, FlashText> = {
  login: { title: "Success", message: "Logged in successfully" },
  register: { title: "Success", message: "Account created successfully" },
  reply: { title: "Success", message: "Reply posted successfully" },
};

/** Form-wide messages of the sign-in forms and their toast titles (spec section 9). */
export const SIGN_IN_FORM_MESSAGES: Record<string, string> = {
  [MESSAGES.loginFieldsRequired]: "Missing information",
  [MESSAGES.passwordMismatch]: "Password mismatch",
};

/**
 * What a failed second step of a sign-in says: the server's reason (a wrong code, a challenge
 * that ran out, too many codes), which the member can act on, except for a failure of the server.
 */
export function secondStepFailure(status: number | undefined, message: string): FlashText {
  const shown = status !== undefined && status < 500 ? message : "";
  return { title: "Login failed", message: shown || "Failed to check the code. Please try again." };
}

export const REGISTRATION_FAILED = "Username may already exist or invalid data";

/**
 * What a failed sign-in or registration says, from the server's answer: the spec's text, except
 * where the server's reason is one a person can act on (a ban, too many attempts, a taken name).
 */
export function signInFailure(form: "login" | "register", status: number | undefined, message: string): FlashText {
  const formTitle = SIGN_IN_FORM_MESSAGES[message];
  if (formTitle) return { title: formTitle, message };
  if (form === "login") {
    const shown = status === 403 || status === 429 ? message : "";
    return { title: "Login failed", message: shown || MESSAGES.invalidCredentials };
  }
  if (status === 429 && message) return { title: "Registration failed", message };
  const reason = status === 400 || status === 409 ? message : "";
  return { title: "Registration failed", message: reason ? `${REGISTRATION_FAILED}. ${reason}` : REGISTRATION_FAILED };
}
