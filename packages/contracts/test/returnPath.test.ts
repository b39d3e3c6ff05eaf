// The return path after signing in (?next=): known open-redirect payloads return home, the
// forum's own pages come back as a browser would read them. Each payload is tried as the page
// receives it (URLSearchParams has decoded it once) and as it was sent, still encoded.
import { describe, expect, it } from "vitest";
import { ownReturnPath } from "../src/returnPath";

/** Payloads from public open-redirect lists (PortSwigger, PayloadsAllTheThings), against this site. */
const PAYLOADS = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "//evil.example/%2F..",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/\n/evil.example",
  "/%0a/evil.example",
  "/\r\n/evil.example",
  "/%0d%0aSet-Cookie:%20session=x",
  "/\u0000/evil.example",
  "/%00/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/./%2e//evil.example",
  " //evil.example",
  "\t//evil.example",
  "//evil.example@forum.invalid",
  "//%65vil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "@evil.example",
  "?next=//evil.example",
  "#//evil.example",
  "/ /evil.example",
  "/\u0085/evil.example",
  `/${"a".repeat(2001)}`,
  // The login screens themselves: a return there would loop.
  "/login",
  "/auth",
  "/LOGIN",
  "/auth?next=/settings",
  "/login/",
  "/./login",
  "/x/../auth",
];

const asSent = (value: string) => encodeURIComponent(value);

describe("ownReturnPath", () => {
  it.each(PAYLOADS)("returns home for %j", (payload) => {
    expect(ownReturnPath(payload)).toBe("/");
    // Decoded once more, as a careless reader would: still home.
    const decoded = new URLSearchParams(`next=${payload}`).get("next");
    expect(ownReturnPath(decoded)).toBe("/");
    // As the login URL carries it.
    expect(ownReturnPath(new URLSearchParams(`next=${asSent(payload)}`).get("next"))).toBe("/");
  });

  it("returns home when there is nothing to return to", () => {
    for (const missing of [null, undefined, ""]) expect(ownReturnPath(missing)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/settings", "/settings"],
    ["/posts/indexes-explained?sort=new#reply-12", "/posts/indexes-explained?sort=new#reply-12"],
    ["/search?q=C%2B%2B%20templates&sort=new", "/search?q=C%2B%2B%20templates&sort=new"],
    ["/search?q=a%2Fb", "/search?q=a%2Fb"],
    ["/u/jos%C3%A9", "/u/jos%C3%A9"],
    ["/u/grace.h", "/u/grace.h"],
    ["/cats/databases/../rust", "/cats/rust"],
    ["/@evil.example", "/@evil.example"],
    ["/loginhelp", "/loginhelp"],
    ["/posts/a?next=//evil.example", "/posts/a?next=//evil.example"],
  ])("keeps the forum's own page %s as %s", (next, kept) => {
    expect(ownReturnPath(next)).toBe(kept);
    expect(ownReturnPath(new URLSearchParams(`next=${asSent(next)}`).get("next"))).toBe(kept);
  });
});
