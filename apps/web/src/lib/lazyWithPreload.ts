// React.lazy, plus a way to load the code before React renders it. A server-rendered page whose
// screen is still loading when the hydration reaches it stays as the server's HTML inside a
// "dehydrated" boundary, and any update above it before its code arrives (the layout's first
// effects do that) makes React throw that HTML away and render the screen again in the browser:
// the controls a person may already have tapped are replaced, and the work is done twice. So
// main.tsx loads the page's screen first; lazy() then finds it loaded and renders it at once
// (a thenable that answers synchronously is resolved on the spot, React's lazyInitializer).
import { type ComponentType, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound on component types
type AnyComponent = ComponentType<any>;
type Module<T extends AnyComponent> = {
  default: T;
  /** The screen's own lazy parts that its server-rendered HTML shows, loaded before it is hydrated. */
  loadServerRendered?: () => Promise<unknown> | undefined;
};

export function lazyWithPreload<T extends AnyComponent>(load: () => Promise<Module<T>>) {
  let loaded: Module<T> | undefined;
  const preload = () =>
    load().then(async (module) => {
      loaded = module;
      await module.loadServerRendered?.();
    });
  // A thenable that resolves synchronously is the point: lazy() then renders the module at once.
  const component = lazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is what lazy() resolves on the spot
        ({ then: (resolve: (module: Module<T>) => void) => resolve(loaded as Module<T>) } as Promise<Module<T>>)
      : load(),
  );
  return Object.assign(component, { preload });
}

/**
 * Loads a lazy part's code before the hydration when the server's HTML shows it (`selector` finds
 * it there): the shell's lazy parts (the bell, an ad, the ban notice) are hydrated in place then,
 * where a part still loading is replaced after the hydration and a tap on it in between is lost.
 */
export function preloadIfShown(selector: string, part: { preload: () => Promise<void> }): Promise<void> | undefined {
  return document.querySelector(selector) ? part.preload() : undefined;
}
