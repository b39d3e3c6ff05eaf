// What a search query means, shared by the server (which turns it into each engine's query and
// cuts snippets) and the web app (which highlights the matched words). The database decides what
// matches (stemming, prefixes, phrases); the word matcher here only finds those words again in
// plain text, closely enough to point at them.

/** Shortest query, after trimming: one letter is a word too ("C", "R"). */
export const SEARCH_MIN_LENGTH = 1;
/**
 * The last word typed also matches as a prefix from this many letters: a one- or two-letter
 * prefix would match nearly every post ("c" in "C++" used to find 35 of 43 demo posts).
 */
export const SEARCH_PREFIX_MIN_LENGTH = 3;
/** Longest query the server reads; the rest is ignored. */
export const SEARCH_MAX_LENGTH = 200;
/** At most this many terms take part (a pasted paragraph must not become a huge query). */
export const SEARCH_MAX_TERMS = 12;
export const SEARCH_SNIPPET_LENGTH = 200;
/** The result count is exact up to here, then shown as "1,000+". */
export const SEARCH_COUNT_CAP = 1000;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;
export const SEARCH_SORTS = ["relevance", "new"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_MATCHED_IN = ["title", "content", "reply"] as const;
export type SearchMatchedIn = (typeof SEARCH_MATCHED_IN)[number];

/**
 * One thing every result must contain: a word, a run of words joined by punctuation ("node.js"),
 * or a quoted phrase. `text` is what the engine reads, through its own search-text rules (never
 * an operator: the engines get it quoted); `words` are its words, lower-case.
 */
export type SearchTerm = { text: string; words: string[]; phrase: boolean; prefix: boolean };

// A word is a run of letters and digits, or one of the names both engines index as a word of its
// own (@forum/db migration 0019): a word followed by "++" ("C++", "g++"), a lone letter followed
// by "#" and no letter ("C#", "F#"), ".net" at a word's end (".NET", "ASP.NET" is "asp" ".net").
// The database decides what matches; these only have to find the same words in a text again.
const WORD =
  /\.net(?![\p{L}\p{N}+#])|[\p{L}\p{N}][\p{L}\p{N}\p{M}]*\+\+|(?<![\p{L}\p{N}.+#])[A-Za-z]#(?![A-Za-z])|[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/giu;
const ASCII_WORD_SOURCE = String.raw`\.net(?![A-Za-z0-9+#])|[A-Za-z0-9]+\+\+|(?<![A-Za-z0-9.+#])[A-Za-z]#(?![A-Za-z])|[A-Za-z0-9]+`;
const ASCII_WORD = new RegExp(ASCII_WORD_SOURCE, "gi");
const ASCII_WORD_AT = new RegExp(ASCII_WORD_SOURCE, "iy");
/** The word that starts at `index` of ASCII text ("" if none does). */
function asciiWordAt(text: string, index: number): string {
  ASCII_WORD_AT.lastIndex = index;
  return ASCII_WORD_AT.exec(text)?.[0] ?? "";
}
const ASCII = /^\p{ASCII}*$/u;
/** A name ("c++", "c#", ".net"): matched as it is, never stemmed nor a prefix. */
const isName = (word: string) => /[.+#]/.test(word);

/** Words of a text: the same runs either way, but Unicode classes cost five times more to scan. */
function wordPattern(text: string): RegExp {
  return ASCII.test(text) ? ASCII_WORD : WORD;
}

/** Lower case without accents, as both engines compare words. */
export function foldWord(word: string): string {
  // Most words are plain ASCII: lower-casing is all they need (normalize costs ten times more).
  return ASCII.test(word) ? word.toLowerCase() : word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function wordsOf(text: string): string[] {
  return (text.match(WORD) ?? []).map(foldWord);
}

/**
 * Splits what a person typed into terms: quoted phrases, and words separated by spaces. The last
 * term matches as a prefix unless it is a quoted phrase. Quotes, backslashes and control
 * characters never reach the engines; anything else is only text inside a quoted string.
 */
export function parseSearchQuery(input: string): SearchTerm[] {
  const text = input.slice(0, SEARCH_MAX_LENGTH);
  const terms: SearchTerm[] = [];
  const add = (raw: string, phrase: boolean) => {
    const clean = raw
      .replace(/[\\"'\p{Cc}]/gu, " ")
      .replace(/\s+/g, " ")
      .trim();
    const words = wordsOf(clean);
    if (words.length > 0) terms.push({ text: clean, words, phrase, prefix: false });
  };
  let endsWithPhrase = false;
  const pattern = /"([^"]*)"?|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) {
      add(match[1], true);
      endsWithPhrase = true;
    } else {
      // Quotes inside a word ("don't", a stray ") never start a phrase.
      add(match[2] ?? "", false);
      endsWithPhrase = false;
    }
  }
  const kept = terms.slice(0, SEARCH_MAX_TERMS);
  const last = kept.at(-1);
  const lastWord = last?.words.at(-1) ?? "";
  if (
    last &&
    !(endsWithPhrase && last === terms.at(-1)) &&
    !isName(lastWord) &&
    lastWord.length >= SEARCH_PREFIX_MIN_LENGTH
  ) {
    last.prefix = true;
  }
  return kept;
}

// A light English stemmer for pointing at matches: plurals and -ed/-ing forms fold together
// ("databases" and "database", "running" and "run"). The database's own stemmer decides what
// matches; this only has to find those words in the text again.
function lightStem(word: string): string {
  if (isName(word)) return word;
  let stem = word;
  if (stem.length > 4 && stem.endsWith("ies")) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length > 3 && /(ss|x|z|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith("s") && !stem.endsWith("ss")) stem = stem.slice(0, -1);
  if (stem.length > 5 && stem.endsWith("ing")) stem = stem.slice(0, -3);
  else if (stem.length > 4 && stem.endsWith("ed")) stem = stem.slice(0, -2);
  if (/([^aeiouyls])\1$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.length > 3 && stem.endsWith("e")) stem = stem.slice(0, -1);
  return stem;
}

type WordTest = (folded: string) => boolean;

/**
 * One test for all the query's words. lightStem only cuts an ending (or turns "ies" into "y"), so
 * a word with the same stem starts with all of that stem but its last letter: most words of a
 * text are ruled out by that before any stemming.
 */
function wordTest(terms: readonly SearchTerm[]): WordTest | null {
  const words: Array<{ word: string; stem: string; lead: string; prefix: boolean }> = [];
  for (const term of terms) {
    term.words.forEach((word, index) => {
      const stem = lightStem(word);
      const lead = isName(word) ? word : stem.slice(0, -1);
      words.push({ word, stem, lead, prefix: term.prefix && index === term.words.length - 1 });
    });
  }
  if (words.length === 0) return null;
  return (folded) =>
    words.some(
      (entry) =>
        folded === entry.word ||
        (entry.prefix && folded.startsWith(entry.word)) ||
        (folded.startsWith(entry.lead) && lightStem(folded) === entry.stem),
    );
}

export type TextRange = { start: number; end: number };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * In plain ASCII text, where a word might match: every word the test can pass starts with a query
 * word or a stem's lead, so one case-insensitive pattern finds the few places to test instead of
 * tokenizing the whole text (a page of 20 posts of up to 3,000 characters each). A word starts
 * after a non-letter, but ".net" may follow one ("ASP.NET").
 */
function asciiCandidates(terms: readonly SearchTerm[]): RegExp | null {
  const starts = terms.flatMap((term) =>
    term.words.flatMap((word) => (isName(word) ? [word] : [word, lightStem(word).slice(0, -1)])),
  );
  if (starts.some((start) => start === "" || !ASCII.test(start))) return null;
  const alternatives = [...new Set(starts)].sort((a, b) => a.length - b.length).map(escapeRegExp);
  const dotted = alternatives.filter((start) => start.startsWith("\\."));
  const others = alternatives.filter((start) => !start.startsWith("\\."));
  const anyOf = [...(others.length > 0 ? [`(?<![A-Za-z0-9])(?:${others.join("|")})`] : []), ...dotted];
  return new RegExp(anyOf.join("|"), "gi");
}

type Matchers = { test: WordTest | null; candidates: RegExp | null };

// A page of results finds the same query's words in 20 texts: the test and the pattern are made
// once per query (its parsed terms), not once per text.
const matchersOf = new WeakMap<readonly SearchTerm[], Matchers>();

function matchers(terms: readonly SearchTerm[]): Matchers {
  let known = matchersOf.get(terms);
  if (!known) {
    known = { test: wordTest(terms), candidates: asciiCandidates(terms) };
    matchersOf.set(terms, known);
  }
  return known;
}

/** Where the query's words occur in `text` (whole words, in order). */
export function matchRanges(text: string, terms: readonly SearchTerm[]): TextRange[] {
  const { test, candidates: pattern } = matchers(terms);
  if (!test) return [];
  // (matchAll reads a copy of the pattern: the shared one keeps no state between texts.)
  const candidates = pattern && ASCII.test(text) ? pattern : null;
  if (candidates) {
    const ranges: TextRange[] = [];
    for (const match of text.matchAll(candidates)) {
      // After a dot, the candidate may be the end of ".net", a word of its own.
      const inName = text[match.index - 1] === "." ? asciiWordAt(text, match.index - 1) : "";
      const start = inName.startsWith(".") ? match.index - 1 : match.index;
      const found = start < match.index ? inName : asciiWordAt(text, start);
      const marked = ranges.at(-1);
      if (marked && start < marked.end) continue;
      if (test(found.toLowerCase())) ranges.push({ start, end: start + found.length });
    }
    return ranges;
  }
  const ranges: TextRange[] = [];
  // A text repeats its words: each distinct one is tested once.
  const known = new Map<string, boolean>();
  for (const match of text.matchAll(wordPattern(text))) {
    let matched = known.get(match[0]);
    if (matched === undefined) {
      const folded = foldWord(match[0]);
      matched = test(folded);
      known.set(match[0], matched);
    }
    if (matched) ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

/** Text split into plain and matched parts, for highlighting. */
export function highlightParts(text: string, terms: readonly SearchTerm[]): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const range of matchRanges(text, terms)) {
    if (range.start > at) parts.push({ text: text.slice(at, range.start), match: false });
    parts.push({ text: text.slice(range.start, range.end), match: true });
    at = range.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

const ELLIPSIS = "…";

/**
 * Plain text of at most `length` characters around the best match: the window holding the most
 * distinct matched words, starting a little before the first of them, cut at word boundaries,
 * with "…" where text was left out. Without a match, the text's beginning.
 */
export function snippetOf(text: string, terms: readonly SearchTerm[], length = SEARCH_SNIPPET_LENGTH): string {
  if (text.length <= length) return flatten(text);
  // Matches are found in the text as written; only the chosen window is flattened (the whole
  // text would cost more than finding the matches).
  const ranges = matchRanges(text, terms);
  let bestStart = 0;
  let bestScore = -1;
  const budget = length - 2 * ELLIPSIS.length;
  for (let i = 0; i < ranges.length; i++) {
    const first = ranges[i] as TextRange;
    const seen = new Set<string>();
    for (let j = i; j < ranges.length; j++) {
      const range = ranges[j] as TextRange;
      if (range.end - first.start > budget) break;
      seen.add(foldWord(text.slice(range.start, range.end)));
    }
    if (seen.size > bestScore) {
      bestScore = seen.size;
      bestStart = first.start;
    }
  }
  // Some context before the match, from a word boundary.
  let start = Math.max(0, bestStart - 40);
  if (start > 0) {
    const space = text.slice(start, bestStart).search(/\s/);
    start = space >= 0 ? start + space + 1 : bestStart;
  }
  const lead = start > 0 ? ELLIPSIS : "";
  const window = flatten(text.slice(start, start + 2 * length));
  const room = length - lead.length;
  if (start + 2 * length >= text.length && window.length <= room) return `${lead}${window}`;
  let end = room - ELLIPSIS.length;
  const space = window.lastIndexOf(" ", end);
  if (space > 0) end = space;
  return `${lead}${window.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

function flatten(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
