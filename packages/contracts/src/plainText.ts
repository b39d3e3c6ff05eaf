// Posts and replies are written in Markdown (CommonMark + GFM). Wherever a summary of them shows
// (cards, search snippets, notifications, meta descriptions) it is the text a reader sees, with
// the Markdown stripped. The text comes from the same parser the web app renders with (micromark,
// through mdast), not from guessing at the syntax with patterns: "2 * 3 * 4" keeps its stars,
// `**bold**` loses them, and a fenced block's backticks go while its code stays.
//
// A server-side module (its own entry, "@forum/contracts/plain-text"): the parser never reaches
// the web app's bundle, which gets the summaries ready made.
import type { Nodes, Parents } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { EXCERPT_LENGTH } from "./constants";
import { matchRanges, SEARCH_SNIPPET_LENGTH, type SearchTerm, snippetOf } from "./search";

/** Nodes that stand alone on the screen: their text is kept apart from the text around them. */
const BLOCKS = new Set<Nodes["type"]>([
  "blockquote",
  "code",
  "heading",
  "list",
  "listItem",
  "paragraph",
  "table",
  "tableCell",
  "tableRow",
]);

function collect(node: Nodes, out: string[]): void {
  const block = BLOCKS.has(node.type);
  if (block) out.push(" ");
  switch (node.type) {
    case "text":
    case "inlineCode":
    case "code":
    // Raw HTML is shown as text on the post page, so it is text here too.
    case "html":
      out.push(node.value);
      break;
    // Images are shown as a link named by their description, else by their address.
    case "image":
      out.push(node.alt || node.url);
      break;
    case "imageReference":
      out.push(node.alt ?? "");
      break;
    case "break":
    case "thematicBreak":
      out.push(" ");
      break;
    // Link definitions show nothing; footnotes show at the foot of the post, not in its summary.
    case "definition":
    case "footnoteDefinition":
    case "footnoteReference":
      break;
    default:
      for (const child of (node as Parents).children) collect(child, out);
  }
  if (block) out.push(" ");
}

// Characters that can start Markdown syntax anywhere in a line (escapes, code, emphasis, links,
// images, autolinks and HTML, entities, strikethrough, tables, headings, NUL which the parser
// replaces), and what starts a block only at the start of a line (list items, setext underlines,
// thematic breaks). Text with none of them parses to its own words: paragraphs, line endings and
// indented code, all of which keep their text; only the whitespace between differs.
const INLINE_SYNTAX = /[\\`*_[\]<>&~|#\0]/;
const LINE_START_SYNTAX = /^[ \t]*(?:[-+=]|\d{1,9}[.)])/m;

/** The text a reader sees in `markdown`, on one line: formatting gone, whitespace collapsed. */
export function plainTextOf(markdown: string): string {
  if (!markdown) return "";
  // Most prose has no syntax at all: the parse (about a millisecond per thousand characters, the
  // largest cost of a search answer) would give back its words unchanged.
  if (!INLINE_SYNTAX.test(markdown) && !LINE_START_SYNTAX.test(markdown)) {
    return markdown.replace(/\s+/g, " ").trim();
  }
  return parsedPlainTextOf(markdown);
}

/** plainTextOf by the parser alone, whatever the text holds (the tests compare the two). */
export function parsedPlainTextOf(markdown: string): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const out: string[] = [];
  collect(tree, out);
  return out.join("").replace(/\s+/g, " ").trim();
}

/** At most `length` characters of `text`, never splitting a surrogate pair, with "..." when cut. */
function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(length - 1)) ? length - 1 : length;
  return `${text.slice(0, end)}...`;
}

/**
 * The plain text of the first `length` characters a reader sees. Only the start of a long text is
 * parsed (a post may hold 50,000 characters; a card shows 150): whole paragraphs, since emphasis
 * or a link never runs past a blank line, so cutting there changes nothing in the text before it.
 * More is taken when that gives too little text; a text without blank lines is cut at a line end
 * (or anywhere) once a large piece of it has been read.
 */
function parseStart(markdown: string, length: number): string {
  for (let take = Math.max(600, length * 4); ; take *= 4) {
    if (take >= markdown.length) return cut(plainTextOf(markdown), length);
    const paragraphEnd = markdown.lastIndexOf("\n\n", take);
    const lineEnd = markdown.lastIndexOf("\n", take);
    let end = paragraphEnd > 0 ? paragraphEnd : -1;
    if (end < 0 && take >= UNBROKEN_TEXT) end = lineEnd > take / 2 ? lineEnd : take;
    if (end < 0) continue;
    const text = plainTextOf(markdown.slice(0, end));
    if (text.length > length) return cut(text, length);
  }
}

/** How much text without a blank line is read before it is cut at a line end instead. */
const UNBROKEN_TEXT = 2400;

// Parsing costs about a millisecond per thousand characters, and a list page shows twenty
// summaries, mostly the same ones again: answers are remembered (the function is pure, so a
// remembered answer is always exact), up to a bounded amount of text, oldest forgotten first.
const MEMO_CHARS = 2_000_000;
const memo = new Map<string, string>();
let memoChars = 0;

export function plainStartOf(markdown: string, length: number): string {
  const key = `${length}:${markdown}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const text = parseStart(markdown, length);
  memo.set(key, text);
  memoChars += key.length;
  for (const [oldKey] of memo) {
    if (memoChars <= MEMO_CHARS) break;
    memo.delete(oldKey);
    memoChars -= oldKey.length;
  }
  return text;
}

/**
 * What a card shows for a post (spec: Post card): its excerpt, else the first 150 characters of
 * its content plus "...", both as plain text.
 */
export function summaryOf(content: string, excerpt: string | null | undefined, length = EXCERPT_LENGTH): string {
  const given = excerpt?.trim() ? plainStartOf(excerpt, Number.MAX_SAFE_INTEGER) : "";
  return given || plainStartOf(content, length);
}

/** How much Markdown a snippet is cut from at most. */
const SNIPPET_SOURCE = 2000;

/**
 * A search snippet (see snippetOf) from Markdown: the plain text around the best match. A long
 * text is cut first to the lines around its first match, so a 50,000-character post costs no more
 * than a short one.
 */
export function plainSnippetOf(markdown: string, terms: readonly SearchTerm[], length = SEARCH_SNIPPET_LENGTH): string {
  if (markdown.length <= SNIPPET_SOURCE) return snippetOf(plainTextOf(markdown), terms, length);
  const first = matchRanges(markdown, terms)[0]?.start ?? 0;
  // From the start of the line a little before the match, to the end of a line a little after
  // (or mid-line, when lines are longer than that).
  const want = Math.max(0, first - SNIPPET_SOURCE / 4);
  const lineStart = markdown.lastIndexOf("\n", want) + 1;
  const from = first < SNIPPET_SOURCE / 2 ? 0 : want - lineStart < SNIPPET_SOURCE / 2 ? lineStart : want;
  const lineEnd = markdown.indexOf("\n", from + SNIPPET_SOURCE);
  const to = lineEnd >= 0 && lineEnd < from + 2 * SNIPPET_SOURCE ? lineEnd : from + SNIPPET_SOURCE;
  if (from === 0) return snippetOf(plainTextOf(markdown.slice(0, to)), terms, length);
  const snippet = snippetOf(plainTextOf(markdown.slice(from, to)), terms, length - 1);
  return snippet.startsWith("…") ? snippet : `…${snippet}`;
}
