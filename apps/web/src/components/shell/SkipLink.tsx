// The first stop of the Tab key on every screen: jumps past the header and the menu to the
// screen's content (styles in styles/global.css: hidden until focused).
export const MAIN_CONTENT_ID = "main-content";

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link"
      onClick={(event) => {
        // Focus moves to the content itself, so the next Tab continues from there.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
