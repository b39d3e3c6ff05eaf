// The ad a slot shows, counted once per page view: a text ad as text, an HTML ad in a sandboxed
// iframe with an opaque origin (never in this page's DOM), served as a document of its own
// (apps/server/src/plugins/adFrame.ts). The frame takes the height its content reports (a fixed
// height clipped it, worst on phones) and the page's colour scheme. Loaded only once a slot has
// an ad to show: no part of the first paint.
import type { AdView } from "@forum/contracts";
import { Anchor, Box, type MantineSpacing, Paper, Text, useComputedColorScheme } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { takeEarlyMessages } from "../../lib/earlyTaps";
import { useHydrated } from "../../lib/hydrated";
import { useTRPC } from "../../lib/trpc";

/** Ads counted in this page view, so an ad repeated down the page counts once. */
const counted = new Set<string>();

type AdCardProps = {
  ad: AdView;
  mb: MantineSpacing | undefined;
  /** Called with the ad's id once an HTML ad's frame has loaded: its height is known. */
  onLaidOut: (adId: number) => void;
};

export default function AdCard({ ad, mb, onLaidOut }: AdCardProps) {
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
        <SandboxedAd ad={ad} onClick={recordClick} onLaidOut={onLaidOut} />
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

/** A frame grows to its content, up to this height (an ad cannot take over the page). */
const MAX_AD_HEIGHT = 1200;

/** The content height a frame reports, when it is one. */
function reportedHeight(data: unknown): number | null {
  const height = Number(typeof data === "object" && data !== null ? (data as { adHeight?: unknown }).adHeight : NaN);
  return Number.isFinite(height) && height > 0 ? Math.min(Math.ceil(height), MAX_AD_HEIGHT) : null;
}

/** Whether a frame's report says its document has loaded (its images too): its height is final. */
function reportsLoaded(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { adLoaded?: unknown }).adLoaded === true;
}

function SandboxedAd({
  ad,
  onClick,
  onLaidOut,
}: {
  ad: AdView;
  onClick: () => void;
  onLaidOut: (adId: number) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The scheme on the first render (not after an effect): a change loads a new frame. A frame in
  // the server's HTML keeps the server's (light) scheme through hydration, which never changes an
  // attribute, and takes the reader's right after it (useHydrated). The frame element is keyed by
  // the scheme: Chromium does not always navigate a lazy frame whose src changes (one already
  // loaded kept the light ad; one whose first load was under way never loaded at all).
  const readersScheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const scheme = useHydrated() ? readersScheme : "light";
  const [width, declaredHeight] = (ad.dimensions ?? "").split("x").map(Number);
  const [contentHeight, setContentHeight] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  // The height applied, then told (the slot holds a landing on a linked reply until then).
  useEffect(() => {
    if (loaded) onLaidOut(ad.id);
  }, [loaded, onLaidOut, ad.id]);
  // A page opened on a linked reply loads its ads at once (not when the reader nears them): the
  // landing waits for their height. Set after hydration, since the server never sees the #hash.
  const { hash } = useLocation();
  const [eager, setEager] = useState(false);
  useEffect(() => setEager(hash.startsWith("#reply-")), [hash]);

  useEffect(() => {
    // A click inside a cross-origin frame never reaches this page; the frame taking focus
    // (the window blurs while the frame is the active element) is the click.
    const onBlur = () => {
      if (document.activeElement === frame.current) onClick();
    };
    // The frame document (apps/server/src/plugins/adFrame.ts) talks to this page by postMessage;
    // only this frame's own messages count (its origin is opaque: the source identifies it).
    // - A link clicked in the ad is handed over: this page opens it, with noopener, so the
    //   advertiser's page runs outside the ad's sandbox without the sandbox letting a window escape.
    // - Its content height: the frame takes it, so the ad is never clipped.
    // - Whether it has loaded: its height is final (a link to a reply waits for that).
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const href = advertiserUrl(event.data);
      if (href) window.open(href, "_blank", "noopener");
      const height = reportedHeight(event.data);
      if (height) setContentHeight(height);
      if (reportsLoaded(event.data)) setLoaded(true);
    };
    window.addEventListener("blur", onBlur);
    window.addEventListener("message", onMessage);
    // A link clicked in the ad before the app was live is opened now (lib/earlyTaps.ts holds it).
    // Its click is counted here: the blur that counts a click came before this page listened.
    for (const early of takeEarlyMessages(frame.current?.contentWindow)) {
      onMessage(early);
      if (advertiserUrl(early.data)) onClick();
    }
    // A frame that loaded before this page's script took over (a server-rendered page) reports
    // when asked; one still loading reports at its load.
    frame.current?.contentWindow?.postMessage({ forumAdMeasure: true }, "*");
    return () => {
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("message", onMessage);
    };
  }, [onClick]);

  return (
    <Box style={{ maxWidth: "100%", overflow: "hidden" }}>
      {/* Served with its own policy, sandboxed there too: a srcdoc frame would inherit this
          page's Content-Security-Policy and lose the ad's scripts and images. The frame and its
          document share the page's colour scheme, so the frame stays transparent over the card. */}
      <iframe
        key={scheme}
        ref={frame}
        title={ad.title}
        src={`/ad-frames/${ad.id}?scheme=${scheme}`}
        sandbox="allow-scripts allow-popups"
        referrerPolicy="no-referrer"
        loading={eager ? "eager" : "lazy"}
        width={width || "100%"}
        height={contentHeight ?? (declaredHeight || 120)}
        style={{ border: 0, maxWidth: "100%", display: "block", colorScheme: scheme }}
      />
    </Box>
  );
}
