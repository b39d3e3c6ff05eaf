// Whether the app is live on this screen: false in the server's render and during the hydration
// that takes it over (React renders with the server's snapshot first, in every hydration pass,
// also a Suspense boundary's hydrated after the page around it), true after it and in every render
// made in the browser. A control that only the app can disable (an empty form's Send) stays
// usable in the server's HTML, where the browser submits it natively.
import { useSyncExternalStore } from "react";

const never = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
