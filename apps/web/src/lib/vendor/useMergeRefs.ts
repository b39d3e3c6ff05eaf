// floating-ui's useMergeRefs (@floating-ui/react 0.27, MIT, Copyright (c) 2021-present Floating UI
// contributors), the one hook Mantine's ScrollArea takes from that package. Served to ScrollArea
// from here by vite-plugins/leanMantineImports.ts; see there why.
import { type Ref, type RefCallback, useCallback, useMemo, useRef } from "react";

type Cleanup = () => void;

/** Merges an array of refs into a single memoized callback ref or `null`. */
export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): RefCallback<Instance> | null {
  const cleanupRef = useRef<Cleanup | undefined>(undefined);
  const refEffect = useCallback(
    (instance: Instance): Cleanup => {
      const cleanups = refs.map((ref): Cleanup | undefined => {
        if (ref == null) return undefined;
        if (typeof ref === "function") {
          const refCleanup = ref(instance);
          return typeof refCleanup === "function" ? refCleanup : () => ref(null);
        }
        ref.current = instance;
        return () => {
          ref.current = null;
        };
      });
      return () => {
        for (const cleanup of cleanups) cleanup?.();
      };
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies
    refs,
  );
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (value: Instance | null) => {
        if (cleanupRef.current) {
          cleanupRef.current();
          cleanupRef.current = undefined;
        }
        if (value != null) cleanupRef.current = refEffect(value);
      };
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies
    refs,
  );
}
