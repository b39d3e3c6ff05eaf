// One ad slot: the first active ad for its placement, when ad settings enable ads. The ad itself
// (AdCard.tsx) loads with the first slot that has one: ads are no part of the first paint. Until
// the slot knows its height (no ad, a text ad, or an HTML ad whose frame has loaded), it holds a
// landing on a linked reply (lib/landing.ts).
import type { AdPlacement } from "@forum/contracts";
import type { MantineSpacing } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { useLandingHold } from "../../lib/landing";
import { lazyWithPreload, preloadIfShown } from "../../lib/lazyWithPreload";
import { useTRPC } from "../../lib/trpc";

const AdCard = lazyWithPreload(() => import("./AdCard"));

/**
 * A page whose server-rendered HTML shows an ad: the ad's code loads before the page is hydrated,
 * else the layout's first update replaces the ad (lib/lazyWithPreload.ts).
 */
export function loadServerRenderedAds(): Promise<void> | undefined {
  return preloadIfShown('aside[aria-label^="Advertisement: "]', AdCard);
}

export function useAdsEnabled() {
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.ads.settings.queryOptions(), staleTime: 60_000 });
  return {
    enabled: settings.data?.enableAds === true,
    postsInterval: settings.data?.postsInterval ?? 3,
    pending: settings.isPending,
  };
}

/** `mb`: space below the slot, only when an ad is shown. */
export function AdSlot({ placement, mb }: { placement: AdPlacement; mb?: MantineSpacing }) {
  const trpc = useTRPC();
  const { enabled, pending } = useAdsEnabled();
  const ads = useQuery({ ...trpc.ads.list.queryOptions({ placement }), enabled, staleTime: 60_000 });
  const ad = enabled ? ads.data?.[0] : undefined;
  // The ad whose frame has loaded; a text ad has its height at once.
  const [laidOut, setLaidOut] = useState<number | null>(null);
  useLandingHold(
    pending || (enabled && ads.isPending) || (ad !== undefined && ad.type !== "text" && laidOut !== ad.id),
  );
  if (!ad) return null;
  return (
    <Suspense fallback={null}>
      <AdCard ad={ad} mb={mb} onLaidOut={setLaidOut} />
    </Suspense>
  );
}
