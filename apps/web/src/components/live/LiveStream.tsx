// The tab's one live stream (GET /api/events, server-sent events), open while the app is live: the
// open discussion's events (`?post=`, set by the post page through useOpenPost) and the member's
// unread count. The browser's EventSource reconnects by itself with Last-Event-ID; a new address
// (another post, a new member, a tab shown again) starts a new stream from the last event heard,
// so nothing written in between is lost. Each event changes what the screens hold (useLiveEventHandler).
import { LIVE_READY_EVENT, LIVE_RESYNC_EVENT, type LiveEvent } from "@forum/contracts";
import { useEffect, useSyncExternalStore } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { liveState } from "./liveState";
import { useLiveEventHandler } from "./useLiveEventHandler";

const EVENT_NAMES: readonly LiveEvent["type"][] = [
  "reply",
  "reply-edited",
  "reply-deleted",
  "votes",
  "post",
  "notifications",
];

/** A stream the server refused (too many tabs) is tried again after this long; until then the bell polls. */
const REFUSED_RETRY_MS = 60_000;

/** The last event id this tab heard, carried to the next stream. */
let lastEventId: string | null = null;

export function LiveStream() {
  const { user } = useCurrentUser();
  const postId = useSyncExternalStore(
    liveState.subscribe,
    () => liveState.get().openPost?.id ?? null,
    () => null,
  );
  const handle = useLiveEventHandler();
  const memberId = user?.id ?? null;

  useEffect(() => {
    // A visitor away from any discussion would hear nothing: no stream to hold open.
    if (typeof EventSource === "undefined" || (postId === null && memberId === null)) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const url = new URL("/api/events", window.location.origin);
      if (postId !== null) url.searchParams.set("post", String(postId));
      if (lastEventId) url.searchParams.set("lastEventId", lastEventId);
      const current = new EventSource(url);
      source = current;
      current.onopen = () => liveState.setConnected(true);
      current.onerror = () => {
        liveState.setConnected(false);
        // CLOSED: refused (429, 404) rather than dropped; EventSource gives up, so try later.
        if (current.readyState === EventSource.CLOSED) retry = setTimeout(connect, REFUSED_RETRY_MS);
      };
      const heard = (message: MessageEvent<string>) => {
        if (message.lastEventId) lastEventId = message.lastEventId;
        if (message.type === LIVE_READY_EVENT) return;
        if (message.type === LIVE_RESYNC_EVENT) handle({ type: LIVE_RESYNC_EVENT });
        else handle(JSON.parse(message.data) as LiveEvent);
      };
      for (const name of [...EVENT_NAMES, LIVE_READY_EVENT, LIVE_RESYNC_EVENT]) current.addEventListener(name, heard);
    };
    const disconnect = () => {
      clearTimeout(retry);
      source?.close();
      source = null;
      liveState.setConnected(false);
    };
    // A hidden tab holds no connection (a browser allows six per site over HTTP/1.1, and every
    // open tab would hold one); shown again, it resumes from the last event it heard.
    const visibilityChanged = () => {
      if (document.visibilityState === "hidden") disconnect();
      else if (!source) connect();
    };
    if (document.visibilityState !== "hidden") connect();
    document.addEventListener("visibilitychange", visibilityChanged);
    return () => {
      document.removeEventListener("visibilitychange", visibilityChanged);
      disconnect();
    };
  }, [postId, memberId, handle]);

  return null;
}
