// The signed-in user, or null. A 401 means "signed out", not an error, and is not retried.
import type { CurrentUser } from "@forum/contracts";
import { useQuery } from "@tanstack/react-query";
import { httpStatusOf, useTRPC } from "../lib/trpc";

export type AuthState = { user: CurrentUser | null; isLoading: boolean; isAdmin: boolean };

export function useCurrentUser(): AuthState {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.auth.me.queryOptions(),
    retry: (failureCount, error) => httpStatusOf(error) !== 401 && failureCount < 1,
    staleTime: 60_000,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending && query.fetchStatus !== "idle", isAdmin: user?.role === "admin" };
}
