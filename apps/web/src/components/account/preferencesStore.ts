// Preferences have no API yet, so they are kept in this browser (localStorage), per account.
import { DEFAULT_PREFERENCES, type UserPreferences } from "@forum/contracts";

export const PREFERENCES_KEY = "forum:preferences";

type Stored = { userId: number; preferences: UserPreferences };

/** What this browser saved for the account, else what the server reports, else the defaults. */
export function loadPreferences(userId: number, fromServer: UserPreferences | undefined): UserPreferences {
  const base = { ...DEFAULT_PREFERENCES, ...fromServer };
  try {
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? "null") as Stored | null;
    if (stored?.userId !== userId) return base;
    const saved: Partial<UserPreferences> = {};
    for (const key of Object.keys(base) as (keyof UserPreferences)[]) {
      if (typeof stored.preferences?.[key] === "boolean") saved[key] = stored.preferences[key];
    }
    return { ...base, ...saved };
  } catch {
    return base;
  }
}

/** False when the browser refuses storage (private mode, quota). */
export function savePreferences(userId: number, preferences: UserPreferences): boolean {
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ userId, preferences } satisfies Stored));
    return true;
  } catch {
    return false;
  }
}
