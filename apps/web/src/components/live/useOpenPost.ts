// The post page tells the live stream which discussion is open, so the tab hears its events.
import type { PostView } from "@forum/contracts";
import { useEffect } from "react";
import { liveState } from "./liveState";

export function useOpenPost(post: Pick<PostView, "id" | "slug">): void {
  const { id, slug } = post;
  useEffect(() => {
    liveState.setOpenPost({ id, slug });
    return () => liveState.setOpenPost(null);
  }, [id, slug]);
}
