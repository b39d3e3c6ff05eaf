// The rules of a built stylesheet that one rendered page uses. The app's stylesheet holds every
// Mantine component's rules (136 KB, 17 KB brotli), and inside the page it was more than half of
// each page's bytes, sent again with every page. The home page uses 39 KB of it (about 7 KB
// brotli). The server puts that part inside the page and links the whole file without holding
// the first paint back (entry-server's deferStylesheets).
//
// A rule is used when one of its selectors can match the page's first render: every class the
// selector requires is on some element of the HTML. Classes inside brackets and parentheses
// (`:not(.x)`, `:is(.a, .b)`, `[href=".x"]`) require nothing, so such rules are kept; at-rules
// that group rules (@media, @supports, …) keep the used rules inside them; any other at-rule
// (@keyframes, @font-face) and nested CSS is kept whole. Keeping too much costs bytes only;
// dropping a rule the page needs would show it unstyled until the whole stylesheet arrives.
//
// Of the rules kept, a custom property's declaration stays only when something on the page can
// read it: a kept declaration or the page's HTML (its inline styles and Mantine's style elements)
// names it in var(), directly or through other custom properties. Mantine declares its whole
// palette and every size of each component; a page reads about half (23.1 -> 20.8 KB for `/`).

type CssRule =
  | { kind: "kept"; text: string; reads: string[] }
  /** A style rule: for each selector of its list, the classes that selector requires. */
  | { kind: "style"; selector: string; declarations: Declaration[]; selectors: string[][] }
  | { kind: "group"; prelude: string; rules: CssRule[] };

/** One declaration: the custom property it declares (if any) and those its value reads. */
type Declaration = { text: string; declares: string | null; reads: string[] };

export type IndexedStylesheet = {
  rules: CssRule[];
  /** Every class some selector requires: the only classes of a page that change what is kept. */
  classes: Set<string>;
  /** Every custom property some rule declares: the only var() of a page that change what is kept. */
  customProperties: Set<string>;
  /** Pages differ in few sets of classes and var() names: each set's rules are worked out once. */
  keptBySet: Map<string, string>;
};

const GROUPING_AT_RULE = /^@(media|supports|layer|container|scope|document)\b/i;
/** Distinct sets remembered; past it the memory starts again (a page type has one or two). */
const MAX_KEPT_SETS = 200;

export function indexStylesheet(css: string): IndexedStylesheet {
  const rules = parseRules(css, 0, css.length);
  const classes = new Set<string>();
  const customProperties = new Set<string>();
  for (const rule of styleRules(rules, () => true)) {
    for (const selector of rule.selectors) for (const name of selector) classes.add(name);
    for (const declaration of rule.declarations) if (declaration.declares) customProperties.add(declaration.declares);
  }
  return { rules, classes, customProperties, keptBySet: new Map() };
}

/** The stylesheet's rules that the page's HTML can use, in their order. */
export function usedRules(sheet: IndexedStylesheet, html: string): string {
  const present = new Set<string>();
  for (const match of html.matchAll(/ class="([^"]*)"/g)) {
    for (const name of (match[1] as string).split(/\s+/)) if (sheet.classes.has(name)) present.add(name);
  }
  const readByPage = new Set(varReads(html).filter((name) => sheet.customProperties.has(name)));
  const key = `${[...present].sort().join(" ")}|${[...readByPage].sort().join(" ")}`;
  let kept = sheet.keptBySet.get(key);
  if (kept === undefined) {
    const used = (rule: StyleRule) => rule.selectors.some((required) => required.every((name) => present.has(name)));
    const read = readCustomProperties(sheet.rules, used, readByPage);
    kept = keptText(sheet.rules, used, read);
    if (sheet.keptBySet.size >= MAX_KEPT_SETS) sheet.keptBySet.clear();
    sheet.keptBySet.set(key, kept);
  }
  return kept;
}

type StyleRule = Extract<CssRule, { kind: "style" }>;

/** The used style rules, inside groups too. */
function* styleRules(rules: CssRule[], used: (rule: StyleRule) => boolean): Generator<StyleRule> {
  for (const rule of rules) {
    if (rule.kind === "style" && used(rule)) yield rule;
    else if (rule.kind === "group") yield* styleRules(rule.rules, used);
  }
}

/** The rules kept whatever the page (@keyframes, @font-face, nested CSS), inside groups too. */
function* keptWhole(rules: CssRule[]): Generator<Extract<CssRule, { kind: "kept" }>> {
  for (const rule of rules) {
    if (rule.kind === "kept") yield rule;
    else if (rule.kind === "group") yield* keptWhole(rule.rules);
  }
}

/**
 * The custom properties something on the page can read: those the page's HTML and the used rules'
 * other declarations read, then, in turn, those read by the declarations of what is read.
 */
function readCustomProperties(rules: CssRule[], used: (rule: StyleRule) => boolean, readByPage: Set<string>) {
  const read = new Set(readByPage);
  const readsOf = new Map<string, string[]>();
  const note = (names: string[]) => {
    for (const name of names) read.add(name);
  };
  for (const rule of keptWhole(rules)) note(rule.reads);
  for (const rule of styleRules(rules, used)) {
    for (const { declares, reads } of rule.declarations) {
      if (declares === null) note(reads);
      else readsOf.set(declares, [...(readsOf.get(declares) ?? []), ...reads]);
    }
  }
  const waiting = [...read];
  for (let name = waiting.pop(); name !== undefined; name = waiting.pop()) {
    for (const next of readsOf.get(name) ?? []) {
      if (read.has(next)) continue;
      read.add(next);
      waiting.push(next);
    }
  }
  return read;
}

function keptText(rules: CssRule[], used: (rule: StyleRule) => boolean, read: Set<string>): string {
  let text = "";
  for (const rule of rules) {
    if (rule.kind === "kept") text += rule.text;
    else if (rule.kind === "style") {
      if (!used(rule)) continue;
      const declarations = rule.declarations.filter(({ declares }) => declares === null || read.has(declares));
      if (declarations.length > 0) text += `${rule.selector}{${declarations.map(({ text }) => text).join(";")}}`;
    } else {
      const inner = keptText(rule.rules, used, read);
      if (inner) text += `${rule.prelude}{${inner}}`;
    }
  }
  return text;
}

/** The custom properties that var() names in a text. */
function varReads(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] as string);
}

function declarationOf(text: string): Declaration {
  const declares = text.match(/^\s*(--[\w-]+)\s*:/)?.[1] ?? null;
  return { text, declares, reads: varReads(text) };
}

function parseRules(css: string, start: number, end: number): CssRule[] {
  const rules: CssRule[] = [];
  let at = start;
  while (at < end) {
    const stop = scan(css, at, end, (char, depth) => depth === 0 && (char === "{" || char === ";"));
    if (stop === end || css[stop] === ";") {
      // A statement (@import, @layer a, b;) or what trails the last rule.
      const text = css.slice(at, Math.min(stop + 1, end));
      if (text.trim()) rules.push({ kind: "kept", text, reads: varReads(text) });
      at = stop + 1;
      continue;
    }
    const close = matchingBrace(css, stop, end);
    const prelude = css.slice(at, stop).trim();
    const text = css.slice(at, close + 1);
    if (GROUPING_AT_RULE.test(prelude)) {
      rules.push({ kind: "group", prelude, rules: parseRules(css, stop + 1, close) });
    } else if (prelude.startsWith("@") || blockHasRules(css, stop + 1, close)) {
      rules.push({ kind: "kept", text, reads: varReads(text) });
    } else {
      rules.push({
        kind: "style",
        selector: prelude,
        declarations: splitTopLevel(css.slice(stop + 1, close), ";").map(declarationOf),
        selectors: splitTopLevel(prelude, ",").map(requiredClasses),
      });
    }
    at = close + 1;
  }
  return rules;
}

/**
 * The index of the first character in [from, end) for which `stop(char, depth)` holds, stepping
 * over strings, escapes and comments; depth counts open parentheses and brackets. `end` if none.
 */
function scan(css: string, from: number, end: number, stop: (char: string, depth: number) => boolean): number {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const char = css[i] as string;
    if (char === "\\") {
      i++;
      continue;
    }
    if (char === '"' || char === "'") {
      i = closingQuote(css, i, end);
      continue;
    }
    if (char === "/" && css[i + 1] === "*") {
      const close = css.indexOf("*/", i + 2);
      i = close === -1 ? end : close + 1;
      continue;
    }
    if (stop(char, depth)) return i;
    if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
  }
  return end;
}

function closingQuote(css: string, open: number, end: number): number {
  for (let i = open + 1; i < end; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === css[open]) return i;
  }
  return end;
}

function matchingBrace(css: string, open: number, end: number): number {
  let braces = 0;
  const close = scan(css, open, end, (char) => {
    if (char === "{") braces++;
    else if (char === "}") braces--;
    return braces === 0;
  });
  if (close === end) throw new Error(`unbalanced braces in the stylesheet at ${open}`);
  return close;
}

function blockHasRules(css: string, from: number, end: number): boolean {
  return scan(css, from, end, (char) => char === "{") < end;
}

/** A selector list's selectors, or a block's declarations: split where no bracket is open. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let at = 0;
  while (at <= text.length) {
    const next = scan(text, at, text.length, (char, depth) => depth === 0 && char === separator);
    parts.push(text.slice(at, next));
    at = next + 1;
  }
  return parts;
}

/** The classes a selector requires: those outside any parentheses or brackets. */
function requiredClasses(selector: string): string[] {
  let outside = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i] as string;
    if (char === "\\") {
      if (depth === 0) outside += selector.slice(i, i + 2);
      i++;
    } else if (char === '"' || char === "'") {
      const close = closingQuote(selector, i, selector.length);
      if (depth === 0) outside += selector.slice(i, close + 1);
      i = close;
    } else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (depth === 0) outside += char;
  }
  return [...outside.matchAll(/\.((?:[\w-]|\\.)+)/g)].map((match) => (match[1] as string).replace(/\\(.)/g, "$1"));
}
