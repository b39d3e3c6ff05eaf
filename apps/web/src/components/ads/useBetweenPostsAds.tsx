// The ad a post list shows after every N-th post (N = the postsInterval ad setting), or nothing
// when ads are off or no between-posts ad is active.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTRPC } from "../../lib/trpc";
import { AdSlot, useAdsEnabled } from "./AdSlot";

export function useBetweenPostsAds(): ((index: number) => ReactNode) | undefined {
  const trpc = useTRPC();
  const { enabled, postsInterval } = useAdsEnabled();
  // The same query AdSlot runs, so the answer comes from the cache; it tells whether an ad exists.
  const ads = useQuery({ ...trpc.ads.list.queryOptions({ placement: "between-posts" }), enabled, staleTime: 60_000 });
  if (!enabled || !ads.data?.length || postsInterval < 1) return undefined;
  // One item like a post: a row in the list, a cell in the grid. (A whole grid row left the cells
  // beside the post before it empty whenever the posts before an ad did not fill their row.)
  return (index) => ((index + 1) % postsInterval === 0 ? <AdSlot placement="between-posts" /> : null);
}
