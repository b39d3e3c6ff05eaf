// A banned account's answer, in a module of its own: the web app's first download checks failures
// for it (apps/web/src/auth/banned.ts) without carrying every message and constant with it.
export const BANNED_MESSAGE = "Your account has been banned. Contact an administrator if you think this is a mistake.";
