// Display rules of spec section 9.

const HOUR = 60 * 60 * 1000;

/**
 * Just now under an hour, Nh ago under a day, Nd ago under a week, else a date. It depends on the
 * clock: where it is shown, the element says suppressHydrationWarning (a page rendered a minute
 * ago may say "Just now" where the browser would say "1h ago").
 */
export function relativeTime(iso: string, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < HOUR) return "Just now";
  if (elapsed < 24 * HOUR) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 168 * HOUR) return `${Math.floor(elapsed / (24 * HOUR))}d ago`;
  return formatDate(iso);
}

/**
 * "Nov 26, 2026", the same on the server and in every browser (a server-rendered page is hydrated
 * with it: a date in the reader's own locale or time zone would not match the page's HTML).
 */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** "Dec 7, 2026, 09:00 UTC": the same on the server and in every browser (see formatDate). */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${TIME.format(new Date(iso))} UTC`;
}

// Made once: toLocaleDateString(locale, options) builds a new formatter on every call, which cost
// a server-rendered thread of 50 replies about 15 ms (issue 33's profile of a post page).
const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** A file's size: "512 bytes", "12 KB", "3.4 MB", "1.2 GB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
