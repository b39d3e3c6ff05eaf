// One ad slot: the first active ad for its placement, when ad settings enable ads. HTML ads run
// in a sandboxed iframe with an opaque origin (never in this page's DOM); text ads are text.
import type { AdPlacement, AdView } from "@forum/contracts";
import { Anchor, Box, Paper, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useTRPC } from "../lib/trpc";

/** Ads counted in this page view, so an ad repeated down the page counts once. */
const counted = new Set<string>();

export function useAdsEnabled() {
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.ads.settings.queryOptions(), staleTime: 60_000 });
  return { enabled: settings.data?.enableAds === true, postsInterval: settings.data?.postsInterval ?? 3 };
}

export function AdSlot({ placement }: { placement: AdPlacement }) {
  const trpc = useTRPC();
  const { enabled } = useAdsEnabled();
  const ads = useQuery({ ...trpc.ads.list.queryOptions({ placement }), enabled, staleTime: 60_000 });
  const ad = ads.data?.[0];
  if (!enabled || !ad) return null;
  return <AdCard ad={ad} />;
}

function AdCard({ ad }: { ad: AdView }) {
  const trpc = useTRPC();
  const location = useLocation();
  const track = useMutation(trpc.ads.track.mutationOptions());
  const trackRef = useRef(track.mutate);
  trackRef.current = track.mutate;

  useEffect(() => {
    const key = `${location.key}|${ad.id}`;
    if (counted.has(key)) return;
    counted.add(key);
    trackRef.current({ id: ad.id, type: "impression" });
  }, [ad.id, location.key]);

  const recordClick = () => trackRef.current({ id: ad.id, type: "click" });

  return (
    <Paper withBorder p="sm" radius="md" aria-label={`Advertisement: ${ad.title}`} component="aside">
      <Text size="xs" c="dimmed" tt="uppercase" mb={4}>
        Sponsored
      </Text>
      {ad.type === "text" ? (
        <Anchor component="button" type="button" onClick={recordClick} c="inherit" ta="left" underline="never">
          <Text fw={600}>{ad.title}</Text>
          <Text size="sm">{ad.content}</Text>
        </Anchor>
      ) : (
        <SandboxedAd ad={ad} onClick={recordClick} />
      )}
    </Paper>
  );
}

function SandboxedAd({ ad, onClick }: { ad: AdView; onClick: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [width, height] = (ad.dimensions ?? "").split("x").map(Number);

  // A click inside a cross-origin frame never reaches this page; the frame taking focus
  // (the window blurs while the frame is the active element) is the click.
  useEffect(() => {
    const onBlur = () => {
      if (document.activeElement === frame.current) onClick();
    };
    window.addEventListener("blur", onBlur);
    return () => window.removeEventListener("blur", onBlur);
  }, [onClick]);

  return (
    <Box style={{ maxWidth: "100%", overflow: "hidden" }}>
      <iframe
        ref={frame}
        title={ad.title}
        srcDoc={ad.content}
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        loading="lazy"
        width={width || "100%"}
        height={height || 120}
        style={{ border: 0, maxWidth: "100%", display: "block" }}
      />
    </Box>
  );
}
