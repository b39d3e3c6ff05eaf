// The signed-in member's notifications: the unread count, which the live stream sets as it
// changes (components/live), polled only while the stream is down (every 20 s and when the window
// regains focus; any instance answers from the database), the list, and marking read.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { useLiveConnected } from "../live/liveState";

export const UNREAD_POLL_MS = 20_000;

export function useUnreadCount() {
  const trpc = useTRPC();
  const connected = useLiveConnected();
  return useQuery({
    ...trpc.notifications.unreadCount.queryOptions(),
    refetchInterval: connected ? false : UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function useNotificationList() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.notifications.list.queryOptions({ limit: 30 }), staleTime: 0 });
}

/** Marks some notifications read (or all, without ids); the count and the list refresh. */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), answer);
        void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() });
      },
    }),
  );
}
