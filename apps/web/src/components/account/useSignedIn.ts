// What both sign-in paths do on success: keep the returned user as the current user, let every
// other cached read refetch for the new viewer, say so, and go back to the page the visitor came
// from (the home feed when none), resuming the action that sent them to log in.
import type { CurrentUser } from "@forum/contracts";
import { hashKey, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { resumeAction, returnPath } from "../../lib/loginReturn";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

export function useSignedIn() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (user: CurrentUser, message: string) => {
      const meKey = trpc.auth.me.queryKey();
      queryClient.setQueryData(meKey, user);
      const meHash = hashKey(meKey);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== meHash });
      toastSuccess("Success", message);
      const resume = resumeAction(params);
      navigate(returnPath(params), { replace: true, state: resume ? { resume } : null });
    },
    [trpc, queryClient, navigate, params],
  );
}
