// A Select's closed field, drawn as Mantine's Select draws it (same classes, role and value),
// shown until the real Select has loaded (see useSelectOnDemand).
import { ComboboxChevron, InputBase } from "@mantine/core";
import type { KeyboardEvent, PointerEvent, RefObject } from "react";
import type { SelectIntent } from "./useSelectOnDemand";

/** The keys that open Mantine's Select (use-combobox-target-props). */
const OPENING_KEYS = new Set(["ArrowDown", "ArrowUp", "Enter", "NumpadEnter", "Space"]);

type SelectPreviewProps = {
  label: string;
  valueLabel: string;
  width: number;
  inputRef: RefObject<HTMLInputElement | null>;
  onIntent: (intent: SelectIntent) => void;
};

export function SelectPreview({ label, valueLabel, width, inputRef, onIntent }: SelectPreviewProps) {
  // A primary press opens the list, like a click on the real Select.
  const onPointerDown = (event: PointerEvent<HTMLInputElement>) => onIntent(event.button === 0 ? "open" : "prefetch");
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!OPENING_KEYS.has(event.nativeEvent.code)) return;
    event.preventDefault();
    onIntent("open");
  };
  return (
    <InputBase
      ref={inputRef}
      __staticSelector="Select"
      aria-label={label}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      readOnly
      pointer
      value={valueLabel}
      rightSection={<ComboboxChevron size="sm" />}
      rightSectionPointerEvents="none"
      w={width}
      // Opened by a press: one made before the app is live is held and replayed (lib/earlyTaps.ts).
      data-early-tap
      onPointerEnter={() => onIntent("prefetch")}
      onFocus={() => onIntent("prefetch")}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
