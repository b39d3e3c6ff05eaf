// Toasts: one visible at a time, 5 s each. A new toast replaces the current one instead of
// queueing behind it, so quick actions never leave a backlog of stale messages.
//
// Mantine's notifications system (its store, transitions and cards) loads with the first toast:
// most visits never show one. Until ToastOutlet has loaded and mounted, the latest toast waits here.
import { type ComponentType, useSyncExternalStore } from "react";

export type Toast = { title: string; message: string; color: "green" | "red" };
type Deliver = (toast: Toast) => void;

let deliver: Deliver | undefined;
let waiting: Toast | undefined;
let outlet: ComponentType | undefined;
let outletLoading = false;
const outletListeners = new Set<() => void>();

function loadOutlet() {
  if (outletLoading) return;
  outletLoading = true;
  import("../components/shell/ToastOutlet").then(
    (module) => {
      outlet = module.ToastOutlet;
      for (const listener of outletListeners) listener();
    },
    () => {
      // Offline or a stale deploy: this toast is lost, the next one tries again.
      outletLoading = false;
    },
  );
}

function show(toast: Toast) {
  if (deliver) {
    deliver(toast);
    return;
  }
  waiting = toast;
  loadOutlet();
}

export function toastSuccess(title: string, message?: string) {
  show({ title, message: message ?? "", color: "green" });
}

export function toastError(title: string, message?: string) {
  show({ title, message: message ?? "", color: "red" });
}

/** ToastOutlet once the first toast has loaded it, to be mounted once at the app's root. */
export function useToastOutlet(): ComponentType | undefined {
  return useSyncExternalStore(
    (listener) => {
      outletListeners.add(listener);
      return () => outletListeners.delete(listener);
    },
    () => outlet,
    // A server render has no toasts; hydration starts from the same nothing.
    () => undefined,
  );
}

/** The mounted outlet takes over delivery, starting with the toast that was waiting for it. */
export function connectToastOutlet(next: Deliver): () => void {
  deliver = next;
  if (waiting) next(waiting);
  waiting = undefined;
  return () => {
    deliver = undefined;
  };
}
