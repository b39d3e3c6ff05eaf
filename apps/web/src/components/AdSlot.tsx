// One ad slot: the first active ad for its placement, when ad settings enable ads. The ad itself
// (AdCard.tsx) loads with the first slot that has one: ads are no part of the first paint.
import type { AdPlacement } from "@forum/contracts";
import type { MantineSpacing } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTRPC } from "../lib/trpc";

const AdCard = lazy(() => import("./AdCard"));

export function useAdsEnabled() {
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.ads.settings.queryOptions(), staleTime: 60_000 });
  return { enabled: settings.data?.enableAds === true, postsInterval: settings.data?.postsInterval ?? 3 };
}

/** `mb`: space below the slot, only when an ad is shown. */
export function AdSlot({ placement, mb }: { placement: AdPlacement; mb?: MantineSpacing }) {
  const trpc = useTRPC();
  const { enabled } = useAdsEnabled();
  const ads = useQuery({ ...trpc.ads.list.queryOptions({ placement }), enabled, staleTime: 60_000 });
  const ad = ads.data?.[0];
  if (!enabled || !ad) return null;
  return (
    <Suspense fallback={null}>
      <AdCard ad={ad} mb={mb} />
    </Suspense>
  );
}
