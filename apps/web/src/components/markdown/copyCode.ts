// Copying a code block's code: the Copy button of a block rendered here (CodeBlock.tsx) and of one
// the server rendered and the page kept as HTML (FormattedText.tsx), which React does not manage.

/** How long the button says "Copied". */
export const COPIED_MS = 1500;

/** Puts `code` on the clipboard, then calls `copied` (nothing happens where there is no clipboard). */
export function writeCode(code: string, copied: () => void): void {
  void navigator.clipboard?.writeText(code).then(copied);
}

/** The Copy button of a server-rendered block: copies its block's code and says so for a moment. */
export function copyCode(button: HTMLElement): void {
  const code = button.closest(".md-code")?.querySelector("pre")?.textContent ?? "";
  const label = button.getAttribute("aria-label") ?? "Copy code";
  writeCode(code, () => {
    button.setAttribute("aria-label", "Copied");
    setTimeout(() => button.setAttribute("aria-label", label), COPIED_MS);
  });
}
