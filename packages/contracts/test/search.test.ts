// How the web app and the server point at a search's words in plain text: the words themselves,
// their plural and -ed/-ing forms, and words that start with the last one typed.
import { describe, expect, it } from "vitest";
import { highlightParts, matchRanges, parseSearchQuery, snippetOf } from "../src/search";

const marked = (text: string, query: string) =>
  matchRanges(text, parseSearchQuery(query)).map((range) => text.slice(range.start, range.end));

describe("matchRanges", () => {
  it("finds the words in any case, their other forms, and the last word as a prefix", () => {
    const text = "Databases and the database: Caching, cached pages; a PostgreSQL cluster. Unrelated words.";
    expect(marked(text, "database")).toEqual(["Databases", "database"]);
    expect(marked(text, "cache postg")).toEqual(["Caching", "cached", "PostgreSQL"]);
    // Only the last word is a prefix; a quoted last word is not.
    expect(marked(text, "clus databases")).toEqual(["Databases", "database"]);
    expect(marked(text, '"clus"')).toEqual([]);
    expect(marked(text, "zebra")).toEqual([]);
  });

  it("folds accents and reads non-Latin words", () => {
    expect(marked("Un café à Zürich, ЗДРАВСТВУЙ мир", "cafe zurich здравствуй")).toEqual([
      "café",
      "Zürich",
      "ЗДРАВСТВУЙ",
    ]);
  });
});

describe("names", () => {
  const text = "I write C, C++17 and C# (F# too) on .NET; ASP.NET and Node.js. Cats cache nets on the network.";

  it("marks a name as a word of its own, and a lone letter only where it stands alone", () => {
    expect(marked(text, "C")).toEqual(["C"]);
    expect(marked(text, "c++")).toEqual(["C++"]);
    expect(marked(text, "C#")).toEqual(["C#"]);
    expect(marked(text, "F#")).toEqual(["F#"]);
    expect(marked(text, ".NET")).toEqual([".NET", ".NET"]);
    // A run of words is marked word by word, as a phrase is.
    expect(marked(text, "ASP.NET")).toEqual([".NET", "ASP", ".NET"]);
    expect(marked(text, "node.js")).toEqual(["Node", "js"]);
    // Not a name: "net" is the word and its forms (and a prefix), never ".NET".
    expect(marked(text, "net")).toEqual(["nets", "network"]);
    expect(marked(text, ".net net")).toEqual([".NET", ".NET", "nets", "network"]);
    // The same in text that is not plain ASCII.
    expect(marked("Ünïcode: C# und C++ für .NET", "c# .net")).toEqual(["C#", ".NET"]);
  });

  it("reads a last word of three letters or more as a prefix, never a shorter one nor a name", () => {
    expect(marked(text, "ca")).toEqual([]);
    expect(marked(text, "cac")).toEqual(["cache"]);
    const prefixOf = (query: string) => parseSearchQuery(query).map((term) => term.prefix);
    expect(prefixOf("C")).toEqual([false]);
    expect(prefixOf("go")).toEqual([false]);
    expect(prefixOf("C++ tem")).toEqual([false, true]);
    expect(prefixOf("templates C++")).toEqual([false, false]);
    expect(prefixOf("ASP.NET")).toEqual([false]);
    expect(parseSearchQuery("C++ templates").map((term) => term.words)).toEqual([["c++"], ["templates"]]);
  });
});

describe("highlightParts and snippetOf", () => {
  it("split the text around the matches and cut at most 200 characters around the best one", () => {
    expect(highlightParts("Tune the cache now", parseSearchQuery("cache"))).toEqual([
      { text: "Tune the ", match: false },
      { text: "cache", match: true },
      { text: " now", match: false },
    ]);
    const text = `${"filler words here ".repeat(30)}the kafka consumer lag ${"more filler text ".repeat(30)}`;
    const snippet = snippetOf(text, parseSearchQuery("kafka lag"));
    expect(snippet.length).toBeLessThanOrEqual(200);
    expect(snippet).toContain("the kafka consumer lag");
    expect(snippet.startsWith("…")).toBe(true);
  });
});
