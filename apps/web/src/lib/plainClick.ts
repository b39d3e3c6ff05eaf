// A link the app follows itself once it is live (a choice made in place, a page added, a link
// within a formatted text): only a plain primary click; a new tab or window stays the link's own.
import type { MouseEvent } from "react";

export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A link's click handler that does `action` instead of following the link, for a plain click. */
export function inPlace(action: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    action();
  };
}
