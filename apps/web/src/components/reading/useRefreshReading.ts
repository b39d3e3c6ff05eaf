// After the member's reading changed (a position sent, everything marked read): the lists whose
// "N new" badges and "New" markers show it, and the discussions' positions, are read again.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "../../lib/trpc";
import { useRefreshPostLists } from "../post/postCache";

export function useRefreshReading() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshPostLists = useRefreshPostLists();
  return useCallback(
    () =>
      Promise.all([
        refreshPostLists(),
        queryClient.invalidateQueries({ queryKey: trpc.search.posts.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.readStates.pathKey() }),
      ]),
    [trpc, queryClient, refreshPostLists],
  );
}
