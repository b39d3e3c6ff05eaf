// What counts as "nothing written": whitespace and characters that draw nothing. A title made of
// zero-width spaces or bidi controls looks empty on every screen, so it is refused like a blank one.

/**
 * Characters that draw nothing, beyond what \s matches: soft hyphen, combining grapheme joiner,
 * Arabic letter mark, Hangul fillers, Khmer inherent vowels, Mongolian vowel separator, zero-width
 * space/non-joiner/joiner (U+200B–U+200D), left-to-right and right-to-left marks (U+200E, U+200F),
 * bidi embeddings and overrides (U+202A–U+202E), word joiner and invisible operators
 * (U+2060–U+2064), bidi isolates (U+2066–U+2069), variation selectors and the byte-order mark.
 */
const VISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is matched alone, on purpose (U+034F is a combining mark that draws nothing)
  /[^\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/u;

/** True when the text shows nothing: empty, whitespace, or only invisible characters. */
export function isBlank(text: string | null | undefined): boolean {
  return !text || !VISIBLE.test(text);
}
