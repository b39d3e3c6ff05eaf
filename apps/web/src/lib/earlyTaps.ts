// Taps that come before the app is live (issue 26). A server-rendered page is painted long before
// React has taken it over on a slow phone; links and forms work natively meanwhile (the tabs and
// the sort choices are links, the search, sign-in and reply forms post themselves), but a control
// that only the app can act on (a vote, Quote, Report, the menu button) would drop the tap. An
// inline script in <head> (entry-server.tsx) holds such taps and dims their control; once the
// page is hydrated (components/shell/PageHydrated.tsx) they are replayed, in order, on the live app.
// The same script submits a drop-down choice's form meanwhile (a select has no tap to hold).

/** Controls that do nothing without the app: buttons that are not a native form's submit, tabs and
 * switches that are not links, and whatever a screen marks with data-early-tap. */
const NEEDS_APP = [
  "button:not([type=submit])",
  "form:not([action]) button[type=submit]",
  "[role=button]:not([href])",
  "[role=tab]:not([href])",
  "[role=switch]",
  "[data-early-tap]",
].join(",");

type HeldTap = { target: Element; control: HTMLElement; opacity: string };

declare global {
  interface Window {
    __forumEarlyTaps?: HeldTap[];
    /** Messages of ad frames (a link clicked in an ad) before the app was live: AdCard takes them. */
    __forumEarlyMessages?: MessageEvent[];
  }
}

/**
 * Runs in the page before any of its scripts (stringified, so self-contained): holds each click on
 * a control that needs the app until <html data-hydrated> is set.
 */
function holdEarlyTaps(needsApp: string) {
  const root = document.documentElement;
  const held: HeldTap[] = [];
  window.__forumEarlyTaps = held;
  // An ad's frame hands a clicked link to the page by a message, which only the live app reads.
  const messages: MessageEvent[] = [];
  window.__forumEarlyMessages = messages;
  window.addEventListener("message", (event) => {
    if (!root.hasAttribute("data-hydrated")) messages.push(event);
  });
  document.addEventListener(
    "click",
    (event) => {
      if (root.hasAttribute("data-hydrated")) return;
      const target = event.target;
      if (!(target instanceof Element)) return;
      // A link works by itself, wherever it sits (a choice's link inside a held control).
      if (target.closest("a[href]")) return;
      const control = target.closest(needsApp);
      if (!(control instanceof HTMLElement)) return;
      event.preventDefault();
      event.stopPropagation();
      // A second tap on a control already waiting is the same wish, not a second one.
      if (held.some((tap) => tap.control === control)) return;
      held.push({ target, control, opacity: control.style.opacity });
      // Visibly not ready yet: dimmed, with a busy pointer, until the replay.
      control.style.opacity = "0.55";
      control.style.cursor = "progress";
      control.setAttribute("data-tap-waiting", "");
    },
    true,
  );
  // A choice in a form that asks for the page anew (ChoiceSelect's) is made by the server until
  // the app can make it in place.
  document.addEventListener(
    "change",
    (event) => {
      if (root.hasAttribute("data-hydrated")) return;
      const target = event.target;
      const form = target instanceof Element ? target.closest("form[data-submit-on-change]") : null;
      if (form instanceof HTMLFormElement) form.requestSubmit();
    },
    true,
  );
}

/** The inline script's source (its CSP hash is computed from it, entry-server.tsx). */
export const EARLY_TAPS_SCRIPT = `(${holdEarlyTaps.toString()})(${JSON.stringify(NEEDS_APP)})`;

/** Replays the taps held before the app was live; <html data-hydrated> must be set first. */
export function replayEarlyTaps(): void {
  const held = window.__forumEarlyTaps?.splice(0) ?? [];
  for (const { target, control, opacity } of held) {
    control.style.opacity = opacity;
    control.style.cursor = "";
    control.removeAttribute("data-tap-waiting");
    if (target.isConnected) replayTap(target);
  }
}

/**
 * A tap's events on the element the person touched (an icon inside a button, a label): a control
 * may act on the press (the sort list's preview opens on pointerdown) or on the click.
 */
function replayTap(target: Element): void {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, view: window };
  const pointer = { ...init, pointerId: 1, pointerType: "mouse", isPrimary: true };
  target.dispatchEvent(new PointerEvent("pointerdown", pointer));
  target.dispatchEvent(new MouseEvent("mousedown", init));
  target.dispatchEvent(new PointerEvent("pointerup", { ...pointer, buttons: 0 }));
  target.dispatchEvent(new MouseEvent("mouseup", { ...init, buttons: 0 }));
  target.dispatchEvent(new MouseEvent("click", { ...init, buttons: 0 }));
}

/** The messages `source` (an ad's frame) sent before the app was live, taken out of the queue. */
export function takeEarlyMessages(source: MessageEventSource | null | undefined): MessageEvent[] {
  const queue = window.__forumEarlyMessages ?? [];
  const taken = queue.filter((event) => source && event.source === source);
  window.__forumEarlyMessages = queue.filter((event) => !taken.includes(event));
  return taken;
}
