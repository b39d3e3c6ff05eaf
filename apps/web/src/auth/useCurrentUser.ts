// The signed-in user, or null. A 401 means "signed out": a result, not an error, never retried
// (spec section 4). Treating it as data also keeps screens from remounting into a refetch loop.
import type { CurrentUser } from "@forum/contracts";
import { useQuery } from "@tanstack/react-query";
import { httpStatusOf, useTRPC, useTRPCClient } from "../lib/trpc";

export type AuthState = { user: CurrentUser | null; isLoading: boolean; isAdmin: boolean };

export function useCurrentUser(): AuthState {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const query = useQuery({
    queryKey: trpc.auth.me.queryKey(),
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        return await client.auth.me.query();
      } catch (error) {
        if (httpStatusOf(error) === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAdmin: user?.role === "admin" };
}
