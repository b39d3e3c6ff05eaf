// Text typed into a server-rendered form before the app took it over. React keeps it in the
// inputs when it hydrates them, but the form's state starts from its initial values: sending the
// form then would send those, or say the fields are empty. The form takes what was typed once,
// when it mounts (for a server-rendered page, that is its hydration).
import { type RefObject, useEffect, useRef } from "react";

/** Calls `take` once with the named fields whose text differs from `initial` (when any does). */
export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  initial: Record<string, string>,
  take: (typed: Record<string, string>) => void,
): void {
  const first = useRef({ initial, take });
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Record<string, string> = {};
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
      if (!element.name || element.type === "hidden") continue;
      if (element.value !== (first.current.initial[element.name] ?? "")) typed[element.name] = element.value;
    }
    if (Object.keys(typed).length > 0) first.current.take(typed);
  }, [formRef]);
}
