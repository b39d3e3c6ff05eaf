// Where a discussion opens for a signed-in member (issue 31): at their first unread reply, as the
// forum knew it when they opened the page. Read once per visit: the positions the page sends as
// they scroll must not move the spot it lands on.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";

export type UnreadLanding = {
  /** The reply to land on; null: the top (nothing unread, never opened, or a visitor). */
  replyId: number | null;
  /** A signed-in member's position is known: the page may report what it shows from now on. */
  reporting: boolean;
};

export function useUnreadLanding(postId: number): UnreadLanding {
  const trpc = useTRPC();
  const { user, isLoading } = useCurrentUser();
  const position = useQuery({
    ...trpc.readStates.position.queryOptions({ id: postId }),
    enabled: user !== null,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const [first, setFirst] = useState<{ postId: number; replyId: number | null } | null>(null);
  if (position.data && first?.postId !== postId) {
    setFirst({ postId, replyId: position.data.firstUnreadReplyId });
  }
  // Visitors have no position to report.
  if (isLoading || user === null) return { replyId: null, reporting: false };
  const known = first?.postId === postId ? first : null;
  return { replyId: known?.replyId ?? null, reporting: known !== null || position.isError };
}
