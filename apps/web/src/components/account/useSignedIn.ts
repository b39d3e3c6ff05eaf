// What both sign-in paths do on success: keep the returned user as the current user, let every
// other cached read refetch for the new viewer, say so, and go to the home feed.
import type { CurrentUser } from "@forum/contracts";
import { hashKey, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

export function useSignedIn() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (user: CurrentUser, message: string) => {
      const meKey = trpc.auth.me.queryKey();
      queryClient.setQueryData(meKey, user);
      const meHash = hashKey(meKey);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== meHash });
      toastSuccess("Success", message);
      navigate("/", { replace: true });
    },
    [trpc, queryClient, navigate],
  );
}
