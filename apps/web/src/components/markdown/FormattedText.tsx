// A post's or reply's text, formatted. The Markdown renderer is a chunk of its own: its download
// starts as soon as a page that shows posts is opened (usually done before the post arrives); until
// then, or if rendering ever fails, the text shows as written, so nothing is hidden.
import { Component, lazy, type ReactNode, Suspense } from "react";
import { HoldLanding } from "../../lib/landing";

const loadMarkdown = () => import("./Markdown");
const Markdown = lazy(loadMarkdown);
// Start loading with the page's own code, not at the first render.
void loadMarkdown().catch(() => undefined);

export function FormattedText({ text }: { text: string }) {
  const asWritten = <div style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{text}</div>;
  return (
    // Keyed by the text: an edited text gets a fresh try.
    <KeepText key={text} fallback={asWritten}>
      {/* A link to a reply waits for the formatted text: its height differs from the text's. */}
      <Suspense fallback={<HoldLanding>{asWritten}</HoldLanding>}>
        <Markdown text={text} />
      </Suspense>
    </KeepText>
  );
}

/** Shows `fallback` instead of a render that threw (a text nested too deeply to render, say). */
class KeepText extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
