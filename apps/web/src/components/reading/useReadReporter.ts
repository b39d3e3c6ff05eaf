// Tells the forum how far the member has read a discussion (issue 31): the highest reply that has
// been on screen, watched with an IntersectionObserver. Scrolling reports many replies a second;
// they are coalesced into at most one POST every READ_POSITION_EVERY_MS, and what is still unsent
// goes when the member leaves the page (fetch keepalive survives the page's unloading; the request
// is same-origin, so the server's Origin check lets it through). Opening the discussion counts too
// (position 0 when no reply is on screen), so it is no longer "New".
import { READ_POSITION_EVERY_MS } from "@forum/contracts";
import { type RefObject, useEffect } from "react";
import { useRefreshReading } from "./useRefreshReading";

const REPLY_ID = /^reply-(\d+)$/;

export function useReadReporter(postId: number, container: RefObject<HTMLElement | null>, enabled: boolean): void {
  const refreshReading = useRefreshReading();
  useEffect(() => {
    const root = container.current;
    if (!enabled || !root) return;
    let seen = 0;
    let sent = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastSentAt = 0;
    const send = () => {
      timer = undefined;
      if (seen <= sent) return;
      sent = seen;
      lastSentAt = Date.now();
      void fetch(`/api/posts/${postId}/read`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ upTo: seen }),
        credentials: "same-origin",
        keepalive: true,
      })
        .then((response) => (response.ok ? refreshReading() : undefined))
        .catch(() => undefined);
    };
    const schedule = () => {
      if (timer !== undefined || seen <= sent) return;
      timer = setTimeout(send, Math.max(0, lastSentAt + READ_POSITION_EVERY_MS - Date.now()));
    };
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = Number(REPLY_ID.exec(entry.target.id)?.[1] ?? 0);
        if (entry.isIntersecting && id > seen) seen = id;
      }
      schedule();
    });
    const watched = new WeakSet<Element>();
    const watchReplies = () => {
      for (const reply of root.querySelectorAll('[id^="reply-"]')) {
        if (watched.has(reply) || !REPLY_ID.test(reply.id)) continue;
        watched.add(reply);
        observer.observe(reply);
      }
    };
    // Replies arrive page by page as the member scrolls.
    const mutations = new MutationObserver(watchReplies);
    mutations.observe(root, { childList: true, subtree: true });
    watchReplies();
    // Opened: noted even before any reply is on screen.
    seen = Math.max(seen, 0);
    schedule();
    const flush = () => {
      clearTimeout(timer);
      send();
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", flush);
      mutations.disconnect();
      observer.disconnect();
      flush();
    };
  }, [postId, container, enabled, refreshReading]);
}
