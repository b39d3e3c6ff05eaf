// A few short choices side by side (home sorts, trending ranges). Lighter than a drop-down: the
// home page needs no popover code at all.
import { SegmentedControl } from "@mantine/core";
import type { Choice } from "./SortSelect";

export function ChoiceSegments<T extends string>(props: {
  label: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <SegmentedControl
      // A choice tapped before the app is live is held and made once it is (lib/earlyTaps.ts).
      data-early-tap
      aria-label={props.label}
      data={props.choices.map((choice) => ({ value: choice.value, label: choice.label }))}
      value={props.value}
      onChange={(value) => props.onChange(value as T)}
    />
  );
}
