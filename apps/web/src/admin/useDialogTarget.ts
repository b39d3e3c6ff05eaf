// The record a dialog works on. It stays set after closing, so the dialog keeps its text while
// it fades out instead of going blank.
import { useCallback, useState } from "react";

export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T | null; opened: boolean }>({ target: null, opened: false });
  const open = useCallback((target: T) => setState({ target, opened: true }), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return { target: state.target, opened: state.opened, open, close };
}
