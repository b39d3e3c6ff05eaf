// A few short choices side by side (trending ranges, search sorts). Lighter than a drop-down: the
// page needs no popover code at all. Each choice is also a link to its address (useUrlChoice's
// hrefOf): a tap before the app is live, or without it, opens the page with that choice made; once
// the app is live the link only makes the choice. Keyboards use the radios, as in any segmented
// control (the links are out of the tab order).
import { SegmentedControl } from "@mantine/core";
import { inPlace } from "../../lib/plainClick";
import type { Choice } from "./SortSelect";

/** The whole segment is the link: its padding moves from the label to the link. */
const LINK_STYLE = { display: "block", padding: "var(--sc-padding)", color: "inherit", textDecoration: "none" };

export function ChoiceSegments<T extends string>(props: {
  label: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  hrefOf: (value: T) => string;
}) {
  return (
    <SegmentedControl
      // A tap on a segment's edge (outside its link) before the app is live is held and made once
      // it is (lib/earlyTaps.ts); taps on the links are never held.
      data-early-tap
      aria-label={props.label}
      styles={{ label: { padding: 0 } }}
      data={props.choices.map((choice) => ({
        value: choice.value,
        label: (
          <a
            href={props.hrefOf(choice.value)}
            tabIndex={-1}
            style={LINK_STYLE}
            onClick={inPlace(() => props.onChange(choice.value))}
          >
            {choice.label}
          </a>
        ),
      }))}
      value={props.value}
      onChange={(value) => props.onChange(value as T)}
    />
  );
}
