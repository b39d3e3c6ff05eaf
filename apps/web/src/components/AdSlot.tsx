// One ad slot: the first active ad for its placement, when ad settings enable ads. HTML ads run
// in a sandboxed iframe with an opaque origin (never in this page's DOM); text ads are text.
// The frame takes the height its content reports (a fixed height clipped it, worst on phones)
// and the page's colour scheme.
import type { AdPlacement, AdView } from "@forum/contracts";
import { Anchor, Box, type MantineSpacing, Paper, Text, useComputedColorScheme } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTRPC } from "../lib/trpc";

/** Ads counted in this page view, so an ad repeated down the page counts once. */
const counted = new Set<string>();

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
  return <AdCard ad={ad} mb={mb} />;
}

function AdCard({ ad, mb }: { ad: AdView; mb: MantineSpacing | undefined }) {
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
    <Paper withBorder p="sm" radius="md" aria-label={`Advertisement: ${ad.title}`} component="aside" mb={mb}>
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

/**
 * Runs inside the ad's frame: reports the document's height to this page whenever it changes.
 * A constant, so a Content-Security-Policy can allow it by its hash.
 */
export const AD_FRAME_SCRIPT =
  'new ResizeObserver(function(){parent.postMessage({adHeight:document.documentElement.scrollHeight},"*")}).observe(document.documentElement)';

const MAX_AD_HEIGHT = 1200;

/** The ad's HTML in a document of its own, in the page's colour scheme, reporting its height. */
function frameDocument(content: string, scheme: "light" | "dark") {
  return `<!doctype html><html style="color-scheme:${scheme}"><head><meta charset="utf-8"><style>html,body{margin:0}body{font-family:system-ui,sans-serif;overflow-wrap:anywhere}</style></head><body>${content}<script>${AD_FRAME_SCRIPT}</script></body></html>`;
}

function SandboxedAd({ ad, onClick }: { ad: AdView; onClick: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const scheme = useComputedColorScheme("light");
  const [width, declaredHeight] = (ad.dimensions ?? "").split("x").map(Number);
  const [contentHeight, setContentHeight] = useState<number | null>(null);

  // Only this frame's own reports count (its origin is opaque: the source is what identifies it).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const reported = Number((event.data as { adHeight?: unknown } | null)?.adHeight);
      if (Number.isFinite(reported) && reported > 0) setContentHeight(Math.min(Math.ceil(reported), MAX_AD_HEIGHT));
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

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
        srcDoc={frameDocument(ad.content, scheme)}
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        loading="lazy"
        width={width || "100%"}
        height={contentHeight ?? (declaredHeight || 120)}
        style={{ border: 0, maxWidth: "100%", display: "block", colorScheme: scheme }}
      />
    </Box>
  );
}
