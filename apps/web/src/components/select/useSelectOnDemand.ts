// Mantine's Select brings its Combobox, Popover and floating-ui (about 20 KB gzip) into every
// page that shows one, though they only work once the list opens. A page therefore first shows
// SelectPreview, the closed field drawn the same way, and loads the real Select when the user
// shows intent: the pointer comes over it, it takes focus, or it is pressed (then it opens).
import type { Select } from "@mantine/core";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

type SelectComponent = typeof Select;
export type SelectIntent = "prefetch" | "open";

let loaded: SelectComponent | undefined;
let loading: Promise<SelectComponent> | undefined;

function loadSelect(): Promise<SelectComponent> {
  loading ??= import("./MantineSelect").then(
    (module) => {
      loaded = module.Select;
      return module.Select;
    },
    (error: unknown) => {
      // Offline or a stale deploy: the preview stays, and the next sign of use tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export type SelectOnDemand = {
  /** The real Select once loaded (at once when an earlier page loaded it). */
  Select: SelectComponent | undefined;
  /** For the preview's input, and then the real Select's. */
  previewRef: RefObject<HTMLInputElement | null>;
  selectRef: RefObject<HTMLInputElement | null>;
  onIntent: (intent: SelectIntent) => void;
};

export function useSelectOnDemand(): SelectOnDemand {
  const [Select, setSelect] = useState<SelectComponent | undefined>(() => loaded);
  const previewRef = useRef<HTMLInputElement>(null);
  const selectRef = useRef<HTMLInputElement>(null);
  const openRequested = useRef(false);
  const handOver = useRef<{ focus: boolean; open: boolean } | undefined>(undefined);

  const onIntent = useCallback((intent: SelectIntent) => {
    if (intent === "open") openRequested.current = true;
    loadSelect().then(
      (component) => {
        const focused = previewRef.current !== null && previewRef.current === document.activeElement;
        handOver.current = { focus: focused, open: openRequested.current };
        setSelect(() => component);
      },
      () => undefined,
    );
  }, []);

  // The real Select takes over where the preview was: focused if it was, and opened the way a
  // click opens it if the preview was pressed before the Select had loaded.
  useEffect(() => {
    const input = selectRef.current;
    if (!Select || !input || !handOver.current) return;
    const { focus, open } = handOver.current;
    handOver.current = undefined;
    if (focus || open) input.focus();
    // In a task of its own, as a real click comes after the focus its press gave: opened in the
    // same render as the focus, Mantine's Select would not mark itself expanded for screen readers.
    if (open) setTimeout(() => input.click(), 0);
  }, [Select]);

  return { Select, previewRef, selectRef, onIntent };
}
