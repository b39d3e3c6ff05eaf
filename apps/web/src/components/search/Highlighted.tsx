// Plain text with the search's words marked: React renders every part as text, never as HTML.
import { highlightParts, type SearchTerm } from "@forum/contracts";
import { Mark } from "@mantine/core";

export function Highlighted({ text, terms }: { text: string; terms: readonly SearchTerm[] }) {
  return highlightParts(text, terms).map((part, index) =>
    part.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <Mark key={index} color="yellow">
        {part.text}
      </Mark>
    ) : (
      part.text
    ),
  );
}
