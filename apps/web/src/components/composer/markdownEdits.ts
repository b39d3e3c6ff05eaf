// The composer's formatting actions as pure text changes: given the text and the selection, what
// to replace and what to select afterwards. A second press of the same action takes it back.
import { atName } from "@forum/contracts";

/** Replace [from, to) with `insert`, then select [selectionStart, selectionEnd). */
export type TextChange = { from: number; to: number; insert: string; selectionStart: number; selectionEnd: number };

export type FormatAction = "bold" | "italic" | "code" | "link" | "quote" | "list";

const WRAPS = {
  bold: { mark: "**", placeholder: "bold text" },
  italic: { mark: "_", placeholder: "italic text" },
  code: { mark: "`", placeholder: "code" },
} as const;

function wrap(value: string, start: number, end: number, mark: string, placeholder: string): TextChange {
  const selected = value.slice(start, end);
  // Already wrapped (the marks just outside the selection, or inside it): unwrap.
  if (value.slice(start - mark.length, start) === mark && value.slice(end, end + mark.length) === mark) {
    const from = start - mark.length;
    return {
      from,
      to: end + mark.length,
      insert: selected,
      selectionStart: from,
      selectionEnd: from + selected.length,
    };
  }
  if (selected.length >= 2 * mark.length && selected.startsWith(mark) && selected.endsWith(mark)) {
    const inner = selected.slice(mark.length, -mark.length);
    return { from: start, to: end, insert: inner, selectionStart: start, selectionEnd: start + inner.length };
  }
  const text = selected || placeholder;
  return {
    from: start,
    to: end,
    insert: `${mark}${text}${mark}`,
    selectionStart: start + mark.length,
    selectionEnd: start + mark.length + text.length,
  };
}

/** Code: a span within a line, a fenced block for lines. */
function code(value: string, start: number, end: number): TextChange {
  const selected = value.slice(start, end);
  if (!selected.includes("\n")) return wrap(value, start, end, WRAPS.code.mark, WRAPS.code.placeholder);
  const before = start > 0 && value[start - 1] !== "\n" ? "\n" : "";
  const block = `${before}\`\`\`\n${selected.replace(/\n$/, "")}\n\`\`\`\n`;
  return {
    from: start,
    to: end,
    insert: block,
    selectionStart: start + before.length + 3,
    selectionEnd: start + before.length + 3,
  };
}

const URL_LIKE = /^(https?:\/\/|mailto:)\S+$/i;

function link(value: string, start: number, end: number): TextChange {
  const selected = value.slice(start, end).trim();
  if (URL_LIKE.test(selected)) {
    const label = "link text";
    return {
      from: start,
      to: end,
      insert: `[${label}](${selected})`,
      selectionStart: start + 1,
      selectionEnd: start + 1 + label.length,
    };
  }
  const text = selected || "link text";
  const url = "https://";
  const insert = `[${text}](${url})`;
  const urlStart = start + text.length + 3;
  return { from: start, to: end, insert, selectionStart: urlStart, selectionEnd: urlStart + url.length };
}

/** Quote and list: every line the selection touches gets the prefix, or loses it if all have it. */
function prefixLines(value: string, start: number, end: number, prefix: string, pattern: RegExp): TextChange {
  const from = value.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = value.indexOf("\n", end > start && value[end - 1] === "\n" ? end - 1 : end);
  const to = lineEnd < 0 ? value.length : lineEnd;
  const lines = value.slice(from, to).split("\n");
  const all = lines.every((line) => pattern.test(line));
  const changed = all ? lines.map((line) => line.replace(pattern, "")) : lines.map((line) => `${prefix}${line}`);
  const insert = changed.join("\n");
  // A single empty line: the caret goes after the new prefix, ready to type.
  if (!all && lines.length === 1 && !lines[0]) {
    return { from, to, insert, selectionStart: from + insert.length, selectionEnd: from + insert.length };
  }
  return { from, to, insert, selectionStart: from, selectionEnd: from + insert.length };
}

export function formatChange(value: string, start: number, end: number, action: FormatAction): TextChange {
  switch (action) {
    case "bold":
    case "italic":
      return wrap(value, start, end, WRAPS[action].mark, WRAPS[action].placeholder);
    case "code":
      return code(value, start, end);
    case "link":
      return link(value, start, end);
    case "quote":
      return prefixLines(value, start, end, "> ", /^> ?/);
    case "list":
      return prefixLines(value, start, end, "- ", /^[-*+] /);
  }
}

/**
 * A quote of `text` by `author` for the reply box: "> @author wrote:" and each line of the text
 * prefixed with "> ", then a blank line to write under.
 */
export function quoteBlock(author: string | null, text: string): string {
  const lines = text
    .replace(/\s+$/, "")
    .replace(/^\s*\n/, "")
    .split(/\r?\n/);
  return `${[`> ${quotedAuthor(author)} wrote:`, ...lines.map((line) => (line ? `> ${line}` : ">"))].join("\n")}\n\n`;
}

/** "@name" mentions the author; a deleted member is named without "@" (it would mention "@deleted"). */
export const quotedAuthor = (author: string | null) => (author === null ? "Unknown" : atName(author));

/** Appending `block` to `value` as a paragraph of its own: what goes between them. */
export function appendChange(value: string, block: string): TextChange {
  const trimmed = value.replace(/\s+$/, "");
  const insert = `${trimmed ? "\n\n" : ""}${block}`;
  const end = trimmed.length + insert.length;
  return { from: trimmed.length, to: value.length, insert, selectionStart: end, selectionEnd: end };
}
