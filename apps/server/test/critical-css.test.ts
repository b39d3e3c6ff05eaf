// The rules a server-rendered page carries inside it (apps/web/src/server/criticalCss.ts): those
// its HTML can use, in the stylesheet's order; everything else waits for the linked file.
import { describe, expect, it } from "vitest";
import { indexStylesheet, usedRules } from "../../web/src/server/criticalCss";

const STYLESHEET = [
  ":root,:host{--gap:4px}",
  "*,:before,:after{box-sizing:border-box}",
  ".card{padding:var(--gap)}",
  ".card .title{font-weight:700}",
  ".modal{position:fixed}",
  ".modal,.card:hover{outline:0}",
  ".button:not(.loading){cursor:pointer}",
  '.icon[data-label="a{b},.c"]:before{content:"}{"}',
  ".badge:is(.big,.huge){font-size:2em}",
  "@media (max-width:40em){.card{padding:0}.modal{inset:0}}",
  "@media (min-width:80em){.modal{width:50%}}",
  "@supports (display:grid){@media print{.title{color:#000}}}",
  "@keyframes spin{0%{transform:rotate(0)}to{transform:rotate(1turn)}}",
  ".w\\:50{width:50%}",
].join("");

const pageWith = (...classNames: string[]) => classNames.map((name) => `<div class="${name}">x</div>`).join("");
const readingAll = (names: Iterable<string>) =>
  `<p style="${[...names].map((name) => `--x:var(${name})`).join(";")}"></p>`;

describe("the rules a page uses", () => {
  it("keeps the rules whose every class is on the page, in the stylesheet's order", () => {
    const sheet = indexStylesheet(STYLESHEET);
    expect(usedRules(sheet, pageWith("card", "title other"))).toBe(
      [
        ":root,:host{--gap:4px}",
        "*,:before,:after{box-sizing:border-box}",
        ".card{padding:var(--gap)}",
        ".card .title{font-weight:700}",
        // One selector of the list matches: the rule is kept whole.
        ".modal,.card:hover{outline:0}",
        "@media (max-width:40em){.card{padding:0}}",
        "@supports (display:grid){@media print{.title{color:#000}}}",
        "@keyframes spin{0%{transform:rotate(0)}to{transform:rotate(1turn)}}",
      ].join(""),
    );
  });

  it("asks nothing of classes inside brackets or parentheses, nor of strings", () => {
    const sheet = indexStylesheet(STYLESHEET);
    const used = usedRules(sheet, pageWith("button", "icon", "badge"));
    expect(used).toContain(".button:not(.loading){cursor:pointer}");
    expect(used).toContain('.icon[data-label="a{b},.c"]:before{content:"}{"}');
    expect(used).toContain(".badge:is(.big,.huge){font-size:2em}");
    expect(used).not.toContain(".card{");
  });

  it("reads escaped class names", () => {
    expect(usedRules(indexStylesheet(STYLESHEET), pageWith("w:50"))).toContain(".w\\:50{width:50%}");
  });

  it("gives back the whole stylesheet when every class is on the page and every custom property read", () => {
    const sheet = indexStylesheet(STYLESHEET);
    const all = pageWith(...sheet.classes) + readingAll(sheet.customProperties);
    expect(usedRules(sheet, all)).toBe(STYLESHEET);
  });

  it("keeps a custom property's declaration only when the page can read it", () => {
    const sheet = indexStylesheet(
      [
        ":root{--unused:1px;--gap:4px;--space:var(--gap);--shade:#000;--inline:2px}",
        ".card{padding:var(--space);--card-size-xs:1rem;--card-size-md:2rem;width:var(--card-size-md)}",
        ".modal{margin:var(--shade)}",
        "@keyframes grow{to{width:var(--grown)}}",
        ":root{--grown:9px}",
        ".empty{--only-custom:1}",
      ].join(""),
    );
    const used = usedRules(sheet, `${pageWith("card", "empty")}<p style="border-width:var(--inline)">x</p>`);
    expect(used).toBe(
      [
        // Read by .card (directly, or through --space), by the inline style, by the keyframes.
        ":root{--gap:4px;--space:var(--gap);--inline:2px}",
        ".card{padding:var(--space);--card-size-md:2rem;width:var(--card-size-md)}",
        "@keyframes grow{to{width:var(--grown)}}",
        ":root{--grown:9px}",
      ].join(""),
    );
  });

  it("gives the same rules for the same classes from its memory, and new ones for new classes", () => {
    const sheet = indexStylesheet(STYLESHEET);
    const first = usedRules(sheet, pageWith("card"));
    expect(usedRules(sheet, pageWith("card", "not-in-the-stylesheet"))).toBe(first);
    expect(usedRules(sheet, pageWith("card", "modal"))).toContain(".modal{position:fixed}");
  });
});
