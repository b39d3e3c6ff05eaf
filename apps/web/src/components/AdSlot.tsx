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

/** The advertiser's address from a frame's click message, when it is a web address. */
function advertiserUrl(data: unknown): string | null {
  const href = typeof data === "object" && data !== null ? (data as { forumAdClick?: unknown }).forumAdClick : null;
  if (typeof href !== "string") return null;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function SandboxedAd({ ad, onClick }: { ad: AdView; onClick: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [width, height] = (ad.dimensions ?? "").split("x").map(Number);

  useEffect(() => {
    // A click inside a cross-origin frame never reaches this page; the frame taking focus
    // (the window blurs while the frame is the active element) is the click.
    const onBlur = () => {
      if (document.activeElement === frame.current) onClick();
    };
    // A link clicked in the ad is handed over by the frame (apps/server/src/plugins/adFrame.ts):
    // this page opens it, with noopener, so the advertiser's page runs outside the ad's sandbox
    // without the sandbox itself ever letting a window escape.
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const href = advertiserUrl(event.data);
      if (href) window.open(href, "_blank", "noopener");
    };
    window.addEventListener("blur", onBlur);
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("message", onMessage);
    };
  }, [onClick]);

  return (
    <Box style={{ maxWidth: "100%", overflow: "hidden" }}>
      {/* Served with its own policy, sandboxed there too: a srcdoc frame would inherit this
          page's Content-Security-Policy and lose the ad's scripts and images. */}
      <iframe
        ref={frame}
        title={ad.title}
        src={`/ad-frames/${ad.id}`}
        sandbox="allow-scripts allow-popups"
        referrerPolicy="no-referrer"
        loading="lazy"
        width={width || "100%"}
        height={height || 120}
        style={{ border: 0, maxWidth: "100%", display: "block" }}
      />
    </Box>
  );
}
