// Marks <html data-hydrated> once the page's own content has been taken over by React. A
// server-rendered page shows its controls before they work: the shell hydrates first, and the
// page (a lazily loaded chunk inside a Suspense boundary) only once its chunk has arrived. This
// sits inside that boundary, so its effect runs after the page's. The browser tests wait for the
// mark before they type or click. Taps held until now (lib/earlyTaps.ts) are replayed on the live page.
import { useEffect } from "react";
import { replayEarlyTaps } from "../../lib/earlyTaps";

export function PageHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    replayEarlyTaps();
  }, []);
  return null;
}
