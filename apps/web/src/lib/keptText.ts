// Text being written that must survive a trip to the login screen (a session that ran out while
// a reply was written, issue 13): kept in this tab's sessionStorage under a key until sent.
import { useCallback, useState } from "react";

const PREFIX = "forum:unsent:";

function read(key: string): string {
  try {
    return sessionStorage.getItem(PREFIX + key) ?? "";
  } catch {
    return "";
  }
}

function write(key: string, value: string): void {
  try {
    if (value) sessionStorage.setItem(PREFIX + key, value);
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Storage refused (private mode, quota): the text still lives in the page.
  }
}

/** Like useState for a string, kept across reloads and the login round trip of this tab (else `initial`). */
export function useKeptText(key: string, initial = ""): [string, (value: string) => void] {
  const [value, setValue] = useState(() => read(key) || initial);
  const set = useCallback(
    (next: string) => {
      setValue(next);
      write(key, next);
    },
    [key],
  );
  return [value, set];
}
