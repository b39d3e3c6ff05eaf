// Syntax highlighting for fenced code: highlight.js grammars run by lowlight, which answers a tree
// (hast) instead of an HTML string, turned here into React elements: no markup string ever reaches
// the page. Loaded only when a post shows a code block (see CodeBlock.tsx). A few common
// languages keep it small; others show as plain code.
import type { ElementContent, Root } from "hast";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import php from "highlight.js/lib/languages/php";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";
import type { ReactNode } from "react";
import "./highlight.css";

const lowlight = createLowlight({
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  php,
  python,
  ruby,
  rust,
  shell,
  sql,
  typescript,
  xml,
  yaml,
});
lowlight.registerAlias({
  bash: ["sh", "zsh"],
  javascript: ["js", "jsx", "mjs", "cjs"],
  typescript: ["ts", "tsx", "mts"],
  python: ["py"],
  rust: ["rs"],
  xml: ["html", "svg"],
  yaml: ["yml"],
  shell: ["console", "shellsession"],
  csharp: ["cs"],
  cpp: ["c++", "hpp"],
  ruby: ["rb"],
});

function toReact(nodes: ElementContent[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === "text") return node.value;
    if (node.type !== "element") return null;
    const className = node.properties.className;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the spans of one fixed highlighted text
      <span key={index} className={Array.isArray(className) ? className.join(" ") : undefined}>
        {toReact(node.children)}
      </span>
    );
  });
}

/** `code` highlighted as `language` (shown plain when the language is not one of those known). */
export default function HighlightedCode({ code, language }: { code: string; language: string }) {
  if (!lowlight.registered(language)) return <code>{code}</code>;
  const tree: Root = lowlight.highlight(language, code);
  return <code className="hljs">{toReact(tree.children as ElementContent[])}</code>;
}
