// A post's or reply's text, formatted. The Markdown renderer is a chunk of its own, loaded when a
// text has to be formatted in the browser (a page opened inside the app, an edit, the composer's
// preview); until then, or if rendering ever fails, the text shows as written, so nothing is hidden.
//
// A text the server formatted stays the server's HTML (issue 26): hydrating it meant downloading
// the renderer and parsing every post and reply again on the main thread (most of a long thread's
// hydration), to produce the same markup. Its two live parts, the code blocks' Copy buttons and
// the links within the forum, are handled by one listener on the text (StaticFormattedText).
import { Component, lazy, type ReactNode, Suspense, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "../../lib/hydrated";
import { HoldLanding } from "../../lib/landing";
import { isPlainClick } from "../../lib/plainClick";
import { copyCode } from "./copyCode";

const Markdown = lazy(() => import("./Markdown"));

/** Marks a formatted text's element, by its React id (the same in the server's render and the hydration). */
const FORMATTED_ATTRIBUTE = "data-formatted";

/** The server's HTML of the text with this id (in the browser, while it is being hydrated). */
function serverFormatted(id: string): string | null {
  if (typeof document === "undefined") return null;
  return document.querySelector(`[${FORMATTED_ATTRIBUTE}="${CSS.escape(id)}"]`)?.innerHTML ?? null;
}

export function FormattedText({ text }: { text: string }) {
  const id = useId();
  // False while React hydrates this text (any pass: a reply's own boundary is hydrated after the
  // page around it), and in the server's render.
  const live = useHydrated();
  // Read once, on the first render: the hydration's.
  const [server] = useState(() => {
    const html = live ? null : serverFormatted(id);
    return html === null ? null : { html, text };
  });
  const marked = { [FORMATTED_ATTRIBUTE]: id };
  // An edited text is formatted here.
  if (server && server.text === text) return <StaticFormattedText html={server.html} marked={marked} />;
  const asWritten = <div style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{text}</div>;
  return (
    <div {...marked}>
      {/* Keyed by the text: an edited text gets a fresh try. */}
      <KeepText key={text} fallback={asWritten}>
        {/* A link to a reply waits for the formatted text: its height differs from the text's. */}
        <Suspense fallback={<HoldLanding>{asWritten}</HoldLanding>}>
          <Markdown text={text} />
        </Suspense>
      </KeepText>
    </div>
  );
}

/** The server's formatted HTML, kept as it is: React neither renders nor compares what is inside. */
function StaticFormattedText({ html, marked }: { html: string; marked: Record<string, string> }) {
  const navigate = useNavigate();
  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return;
    const copy = event.target.closest<HTMLElement>(".md-code-copy");
    if (copy) {
      copyCode(copy);
      return;
    }
    // A link within the forum (a @mention) opens inside the app, as Markdown.tsx's <Link> would.
    const link = event.target.closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href?.startsWith("/") || href.startsWith("//") || link.target || !isPlainClick(event)) return;
    event.preventDefault();
    void navigate(href);
  };
  // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the clicks are the links' and buttons' inside, which keyboards reach themselves
  return <div {...marked} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
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
