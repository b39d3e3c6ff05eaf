// Summaries of Markdown posts: the text a reader sees, the syntax gone, nothing else lost.
import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "../src";
import { parsedPlainTextOf, plainSnippetOf, plainStartOf, plainTextOf, summaryOf } from "../src/plainText";

describe("plainTextOf", () => {
  it("drops emphasis, strong, strikethrough and code marks but keeps their text", () => {
    expect(plainTextOf("Some **bold**, _italic_, ~~gone~~ and `npm i` here")).toBe(
      "Some bold, italic, gone and npm i here",
    );
  });

  it("keeps stars and underscores that are not formatting", () => {
    expect(plainTextOf("2 * 3 * 4 = 24 and snake_case_name")).toBe("2 * 3 * 4 = 24 and snake_case_name");
  });

  it("shows a link's text, not its address; an autolink shows its address", () => {
    expect(plainTextOf("Read [the docs](https://example.com/docs) or https://example.org now")).toBe(
      "Read the docs or https://example.org now",
    );
    expect(plainTextOf("See <https://example.net/a>.")).toBe("See https://example.net/a.");
  });

  it("keeps headings, quotes, lists and code blocks as words apart", () => {
    const markdown = "# Title\n\n> quoted\n> line\n\n- one\n- two\n\n```js\nconst x = 1;\n```\nend";
    expect(plainTextOf(markdown)).toBe("Title quoted line one two const x = 1; end");
  });

  it("keeps task list text and table cells apart, without the pipes and dashes", () => {
    expect(plainTextOf("- [x] done\n- [ ] todo")).toBe("done todo");
    expect(plainTextOf("| a | b |\n|---|---|\n| 1 | 2 |")).toBe("a b 1 2");
  });

  it("shows raw HTML as the text it is, as the post page does", () => {
    expect(plainTextOf("Hi <script>alert(1)</script> there")).toBe("Hi <script>alert(1)</script> there");
    expect(plainTextOf("<b>bold?</b>")).toBe("<b>bold?</b>");
  });

  it("decodes entities and escapes", () => {
    expect(plainTextOf("Tom &amp; Jerry \\*not emphasis\\* &lt;tag&gt;")).toBe("Tom & Jerry *not emphasis* <tag>");
  });

  it("names an image by its description, else by its address", () => {
    expect(plainTextOf("Look ![a cat](https://img.example/cat.png) here")).toBe("Look a cat here");
    expect(plainTextOf("![](https://img.example/cat.png)")).toBe("https://img.example/cat.png");
  });

  it("leaves out link definitions and footnotes", () => {
    expect(plainTextOf("See [docs][d] and note[^1].\n\n[d]: https://example.com\n\n[^1]: The footnote.")).toBe(
      "See docs and note.",
    );
  });

  it("collapses line breaks and runs of spaces", () => {
    expect(plainTextOf("first line  \nsecond   line\n\n\nthird")).toBe("first line second line third");
    expect(plainTextOf("")).toBe("");
    expect(plainTextOf("   \n\n  ")).toBe("");
  });
});

describe("plainStartOf and summaryOf", () => {
  it("cuts the plain text at 150 characters with an ellipsis, as the spec's cards do", () => {
    const words = "word ".repeat(60);
    const summary = summaryOf(`**${words.trim()}**`, null);
    expect(summary).toBe(`${words.slice(0, 150)}...`);
  });

  it("shows a short text whole, without an ellipsis", () => {
    expect(summaryOf("Just **this**.", null)).toBe("Just this.");
  });

  it("uses the excerpt, else the first 150 characters plus an ellipsis", () => {
    expect(summaryOf("content", "given")).toBe("given");
    expect(summaryOf("short", null)).toBe("short");
    expect(summaryOf("x".repeat(200), "  ")).toBe(`${"x".repeat(150)}...`);
  });

  it("prefers the excerpt, stripped of Markdown too", () => {
    expect(summaryOf("the content", "An `excerpt` with **stars**")).toBe("An excerpt with stars");
    expect(summaryOf("the *content*", "   ")).toBe("the content");
  });

  it("reads past a start that is mostly syntax", () => {
    const link = `[x](https://example.com/${"a".repeat(1500)})`;
    const text = `${link}\n\n${"after ".repeat(40)}`;
    expect(plainStartOf(text, 150)).toBe(`x ${"after ".repeat(40)}`.slice(0, 150) + "...");
  });

  it("summarises a 50,000-character post from its start alone", () => {
    const long = `Intro **text**.\n\n${"Paragraph with `code` and words.\n\n".repeat(1500)}`;
    expect(long.length).toBeGreaterThan(50_000);
    const summary = plainStartOf(long, 150);
    expect(summary.startsWith("Intro text. Paragraph with code and words.")).toBe(true);
    expect(summary).toHaveLength(153);
  });

  it("summarises a long post without blank lines", () => {
    const oneLine = `**Start** ${"more words ".repeat(5000)}`;
    expect(plainStartOf(oneLine, 150)).toBe(`Start ${"more words ".repeat(20)}`.slice(0, 150) + "...");
    const lines = `**Start**\n${"more words\n".repeat(5000)}`;
    expect(plainStartOf(lines, 150)).toBe(`Start ${"more words ".repeat(20)}`.slice(0, 150) + "...");
  });

  it("never splits an emoji in two", () => {
    const text = `${"a".repeat(149)}😀 tail`;
    expect(plainStartOf(text, 150)).toBe(`${"a".repeat(149)}...`);
  });

  it("answers the same again from memory, and a changed text anew", () => {
    expect(plainStartOf("**one**", 150)).toBe("one");
    expect(plainStartOf("**one**", 150)).toBe("one");
    expect(plainStartOf("**one** two", 150)).toBe("one two");
  });
});

describe("plainSnippetOf", () => {
  it("cuts the snippet from the plain text around the match", () => {
    const text = `${"Intro words here. ".repeat(30)}\n\nThe **needle** is *here* in \`code\`.\n\n${"More. ".repeat(30)}`;
    const snippet = plainSnippetOf(text, parseSearchQuery("needle"));
    expect(snippet).toContain("The needle is here in code.");
    expect(snippet).not.toMatch(/[*`]/);
    expect(snippet.length).toBeLessThanOrEqual(200);
  });

  it("finds the match deep in a long post and marks the cut start", () => {
    const text = `${"Filler line of text.\n".repeat(2000)}Here is the **rare** word.\n${"Tail line.\n".repeat(100)}`;
    const snippet = plainSnippetOf(text, parseSearchQuery("rare"));
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet).toContain("Here is the rare word.");
    expect(snippet.length).toBeLessThanOrEqual(200);
  });

  it("copes with a long post written on one line", () => {
    const text = `${"filler ".repeat(5000)}**rare** word ${"tail ".repeat(500)}`;
    const snippet = plainSnippetOf(text, parseSearchQuery("rare"));
    expect(snippet).toContain("rare word");
    expect(snippet.length).toBeLessThanOrEqual(200);
  });
});

describe("plainTextOf without syntax", () => {
  // Prose without any Markdown syntax skips the parser; the answer must be the parser's own.
  const alphabet = "abcdefghij KLMNOP 0123456789 .,;:!?'\"()-+=/@%$^{} \n\n\t    é";
  const randomText = (seed: number) => {
    let state = seed;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state;
    };
    const length = 1 + (next() % 200);
    let text = "";
    for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
    return text;
  };

  it("gives what the parser gives, for 400 random texts of letters, digits, punctuation and line breaks", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const text = randomText(seed);
      expect(plainTextOf(text), JSON.stringify(text)).toBe(parsedPlainTextOf(text));
    }
  }, 30_000); // the parser takes milliseconds a text: seconds on a machine busy with other suites

  it("still parses lists, setext headings, rules and numbered lines at the start of a line", () => {
    expect(plainTextOf("Title\n===\n\nnext")).toBe("Title next");
    expect(plainTextOf("a\n\n- one\n+ two")).toBe("a one two");
    expect(plainTextOf("1986. A good year\n2) second")).toBe("A good year second");
    expect(plainTextOf("above\n\n---\n\nbelow")).toBe("above below");
    expect(plainTextOf("real-time, 3-2 and a+b=c stay")).toBe("real-time, 3-2 and a+b=c stay");
  });
});
