// A post's or reply's Markdown as React elements (CommonMark + GFM through react-markdown, no
// HTML string and no dangerouslySetInnerHTML anywhere). What the writer cannot do, by design:
// - raw HTML shows as the text it is (react-markdown turns it into text unless told otherwise);
// - only http(s), mailto and relative addresses survive (react-markdown's defaultUrlTransform
//   empties javascript:, data:, vbscript: and any other scheme): an emptied link is plain text;
// - images are never loaded: each becomes a link to it, so no reader's address reaches its host;
// - line breaks are kept and @mentions link to profiles (remarkForumText.ts);
// - links leave in a new tab with rel="nofollow ugc noopener"; headings start below the page's.
// Loaded lazily (see FormattedText.tsx): the home page never downloads it.
import { Anchor } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import type { Element, ElementContent } from "hast";
import type { ReactElement, ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./CodeBlock";
import { MENTION_ATTRIBUTE, remarkForumText } from "./remarkForumText";
import "./markdown.css";

export const LINK_REL = "nofollow ugc noopener";

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel={LINK_REL}>
      {children}
    </a>
  );
}

function textOf(nodes: ElementContent[]): string {
  return nodes
    .map((node) => (node.type === "text" ? node.value : "children" in node ? textOf(node.children) : ""))
    .join("");
}

/** A fenced or indented block: its code element's text and its ```language, if any. */
function codeOf(pre: Element | undefined): { code: string; language: string } {
  const code = pre?.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
  const classes = code?.properties.className;
  const languageClass = Array.isArray(classes)
    ? classes.find((name): name is string => typeof name === "string" && name.startsWith("language-"))
    : undefined;
  return {
    code: textOf(code?.children ?? []).replace(/\n$/, ""),
    language: languageClass?.slice("language-".length) ?? "",
  };
}

/** Headings in a post sit below the page's own (h1 is the post's title, h2 the sections). */
const shifted = (Tag: "h3" | "h4" | "h5" | "h6") =>
  function Heading({ children }: { children?: ReactNode }) {
    return <Tag>{children}</Tag>;
  };

const COMPONENTS: Components = {
  a({ href, children, ...props }) {
    if (!href) return <span>{children}</span>;
    if (MENTION_ATTRIBUTE in props) {
      return (
        <Anchor component={Link} to={href} fw={600}>
          {children}
        </Anchor>
      );
    }
    return <ExternalLink href={href}>{children}</ExternalLink>;
  },
  img({ src, alt }) {
    const name = alt || (typeof src === "string" ? src : "") || "image";
    if (typeof src !== "string" || !src) return <span>{name}</span>;
    return (
      <ExternalLink href={src}>
        <IconPhoto size="1em" aria-hidden style={{ verticalAlign: "-0.125em", marginInlineEnd: 4 }} />
        {alt ? `Image: ${alt}` : src}
      </ExternalLink>
    );
  },
  pre({ node }) {
    const { code, language } = codeOf(node);
    return <CodeBlock code={code} language={language} />;
  },
  h1: shifted("h3"),
  h2: shifted("h4"),
  h3: shifted("h5"),
  h4: shifted("h6"),
  h5: shifted("h6"),
  h6: shifted("h6"),
  table({ children }) {
    return (
      <div className="md-table">
        <table>{children}</table>
      </div>
    );
  },
};

const REMARK_PLUGINS = [remarkGfm, remarkForumText];

/**
 * Formatted texts by their source, the most recently used last. A thread's texts are the same on
 * every render of its page, and formatting them was half the server's render of a post page
 * (issue 33's profile: about 35 ms of CPU for 50 replies). ReactMarkdown is a pure function of its
 * props (no hooks), and what it answers is a description of elements, which React may render in any
 * number of places; the components in it (links, code blocks) still render per page.
 */
const formattedTexts = new Map<string, ReactElement>();
const KEPT_TEXTS = 500;

function formatted(text: string): ReactElement {
  const kept = formattedTexts.get(text);
  formattedTexts.delete(text);
  const element = kept ?? ReactMarkdown({ children: text, remarkPlugins: REMARK_PLUGINS, components: COMPONENTS });
  formattedTexts.set(text, element);
  if (formattedTexts.size > KEPT_TEXTS) formattedTexts.delete(formattedTexts.keys().next().value as string);
  return element;
}

export default function Markdown({ text }: { text: string }) {
  return <div className="md">{formatted(text)}</div>;
}
