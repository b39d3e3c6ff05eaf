// Where a sign-in sends the member back (the login screen's ?next=, issue 13): a page of this
// site, never another site's, never the login screen again. Whatever else arrives returns home.
// Browsers and routers read a URL more loosely than it looks (issue 25): they drop tabs and line
// breaks ("/\t/evil.example" is "//evil.example", another host), read "\" as "/", resolve dot
// segments, and some servers decode "%2F" before routing; so the value is refused outright when
// it holds any of those, and otherwise parsed as a browser would and kept only if it stays here.

/** A stand-in origin to resolve against: a path that leaves it is not ours. */
const HERE = "http://forum.invalid";
/** Longer than any address of the forum's pages. */
const MAX_LENGTH = 2000;
/** Control characters (C0, DEL, C1), white space or a backslash, raw. */
function hasLooseCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}
/** The same, percent-encoded, and an encoded slash: never in a path of the forum's. */
const ENCODED_IN_PATH = /%(?:[01][0-9a-f]|20|2f|5c|7f)/i;
/** Where a return would loop (React Router matches paths case-insensitively). */
const LOGIN_SCREENS = /^\/(?:login|auth)(?:[/?#]|$)/i;

/** The page to return to after signing in: `next` normalised as a browser reads it, or "/". */
export function ownReturnPath(next: string | null | undefined): string {
  if (!next || next.length > MAX_LENGTH || !next.startsWith("/") || hasLooseCharacter(next)) return "/";
  if (ENCODED_IN_PATH.test(next.split(/[?#]/)[0] ?? "")) return "/";
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return "/";
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== HERE || path.startsWith("//") || LOGIN_SCREENS.test(path)) return "/";
  return path;
}
