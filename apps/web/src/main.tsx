// First: before any module that may build a zod schema as it loads (see the module).
import "./lib/zodWithoutEval";
import "./styles/mantine.css";
import "@mantine/notifications/styles.css";
import "./styles/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { loadServerRenderedAds } from "./components/ads/AdSlot";
import { loadServerRenderedBanNotice } from "./components/shell/BannedNotice";
import { loadServerRenderedBell } from "./components/shell/Header";
import { applyFullStylesheets } from "./lib/fullStylesheets";
import { loadPageData } from "./lib/pageData";
import { createApiClient, createQueryClient } from "./lib/trpc";
import { preloadScreens } from "./routes";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Missing #root element");
const queryClient = createQueryClient();

const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} apiClient={createApiClient()} />
    </BrowserRouter>
  </StrictMode>
);
loadPageData(queryClient);
// A page the server rendered is hydrated; the admin area (data only) and the dev server start empty.
// The hydration is a transition: React then works in slices of a few milliseconds and lets the
// browser handle input and paint between them, where a default-priority hydration is one task
// (1.6 s of a 4×-throttled phone's main thread on a long thread, bench/README.md). Taps during it
// are held and replayed (lib/earlyTaps.ts); links and native forms work all along.
const start = () => {
  if (rootElement.hasChildNodes()) startTransition(() => void hydrateRoot(rootElement, app));
  else createRoot(rootElement).render(app);
};
// The server's HTML is painted first, then taken over: hydrating before the first frame held the
// first paint back by the whole hydration (a hidden tab paints nothing, so it starts at once).
// The screen's code is loaded first (its chunks are preloaded by the page), and that of each lazy
// part of the shell the page shows (an ad, a member's bell, a ban notice): hydrating around a part
// still loading would throw its HTML away at the layout's first update (lib/lazyWithPreload.ts),
// and a tap on it in that moment with it.
const screenLoaded = rootElement.hasChildNodes()
  ? Promise.all([
      preloadScreens(window.location.pathname),
      loadServerRenderedAds(),
      loadServerRenderedBell(),
      loadServerRenderedBanNotice(),
    ]).catch(() => undefined)
  : null;
void Promise.all([applyFullStylesheets(), screenLoaded]).then(() => {
  if (document.hidden) start();
  else requestAnimationFrame(() => setTimeout(start));
});
