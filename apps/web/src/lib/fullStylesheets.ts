// The server puts only the rules its HTML uses inside the page and links the whole stylesheet
// with media="print": it loads without holding the first paint back, and applies to nothing yet
// (entry-server's deferStylesheets). The app takes over only once it applies to the screen:
// hydration and every screen after it may render any component.
export function applyFullStylesheets(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>("link[data-full-stylesheet]")];
  return Promise.all(links.map(applyToScreen)).then(() => undefined);
}

function applyToScreen(link: HTMLLinkElement): Promise<void> {
  const loaded = link.sheet
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        // A stylesheet that failed to load leaves the page as the server styled it.
        for (const event of ["load", "error"]) link.addEventListener(event, () => resolve(), { once: true });
      });
  link.media = "all";
  return loaded;
}
