// Landing on one spot of a page (a #reply-… link, a notification): the page scrolls there once
// nothing above it can still change height, so the spot stays where it landed (issue 25: an ad's
// frame grew by 200 px after the scroll and pushed the reply down, out of view on phones). Parts
// whose height is not final yet hold the landing while they load: an ad slot until its ad is laid
// out, the reply box until its editor has loaded, a text until the Markdown renderer has.
import { type ReactNode, useEffect } from "react";

/** Parts still loading. Only their number matters; a landing waits for none to be left. */
const holds = new Set<object>();
const landings = new Set<() => void>();

/**
 * At most this long: a part that never settles (an ad's server away) must not keep the reader
 * from what they opened.
 */
const LONGEST_HOLD_MS = 3000;

/** Lands the waiting landings once no part holds them, after the current commit's effects (a
 * part's hold often hands over to the next part's in the same commit). */
function landIfSettled() {
  queueMicrotask(() => {
    if (holds.size > 0) return;
    for (const land of [...landings]) land();
  });
}

/** Holds every landing while `active`: a part of the page whose height is not final yet. */
export function useLandingHold(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const hold = {};
    holds.add(hold);
    return () => {
      holds.delete(hold);
      landIfSettled();
    };
  }, [active]);
}

/** A Suspense fallback that holds the landing while what it stands for loads. */
export function HoldLanding({ children = null }: { children?: ReactNode }) {
  useLandingHold(true);
  return children;
}

/** Calls `land` once no part holds the landing (or after LONGEST_HOLD_MS); returns a cancel. */
export function whenLaidOut(land: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    land();
  };
  const timer = setTimeout(once, LONGEST_HOLD_MS);
  const cancel = () => {
    clearTimeout(timer);
    landings.delete(once);
  };
  landings.add(once);
  landIfSettled();
  return cancel;
}
