// When the weekly digest is due: the admin names an ISO weekday and an hour in the forum's time
// zone (FORUM_TIME_ZONE), and the run belongs to the ISO week of that local day ("2026-W49"). The
// week, not the instant, names the run, so an admin who moves the day within a week does not send
// a second digest that week. Time zones through Intl alone (no library): the offset at an instant
// is what the zone's wall clock says minus UTC's.

const DAY_MS = 24 * 60 * 60_000;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(ms: number, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's clock is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant the zone's clock reads `localMs` (a wall-clock time written as if it were UTC). */
function instantOf(localMs: number, timeZone: string): number {
  const first = localMs - offsetAt(localMs, timeZone);
  // Again at the first guess: right across a change of offset (summer time) too.
  return localMs - offsetAt(first, timeZone);
}

/** "2026-W49": the ISO week of a calendar day (given as midnight UTC of that day). */
function isoWeekOf(dayMs: number): string {
  const day = new Date(dayMs);
  const weekday = day.getUTCDay() || 7;
  // The week's Thursday decides its year.
  const thursday = new Date(dayMs + (4 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** True when `timeZone` is a zone this runtime knows ("UTC", "Europe/Paris"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export type DigestTime = { at: number; period: string };

/** The latest time the digest was due at or before `now`, and the ISO week its run belongs to. */
export function latestDigestTime(now: number, weekday: number, hour: number, timeZone: string): DigestTime {
  const wall = wallClock(now, timeZone);
  const today = Date.UTC(wall.year, wall.month - 1, wall.day);
  const todayWeekday = new Date(today).getUTCDay() || 7;
  let day = today - ((todayWeekday - weekday + 7) % 7) * DAY_MS;
  let at = instantOf(day + hour * 3_600_000, timeZone);
  if (at > now) {
    day -= 7 * DAY_MS;
    at = instantOf(day + hour * 3_600_000, timeZone);
  }
  return { at, period: isoWeekOf(day) };
}
