// The signed-in user, or null. A 401 means "signed out": a result, not an error, never retried
// (spec section 4). Treating it as data also keeps screens from remounting into a refetch loop.
// The one 401 kept as a failure is a banned account's session ending: its message is what the
// member is told (components/shell/BannedNotice.tsx).
import type { CurrentUser } from "@forum/contracts";
import { useQuery } from "@tanstack/react-query";
import { httpStatusOf, useTRPC, useTRPCClient } from "../lib/trpc";
import { isBanned } from "./banned";

export type AuthState = {
  user: CurrentUser | null;
  isLoading: boolean;
  isAdmin: boolean;
  /** The session just ended because the account was banned. */
  banned: boolean;
};

export function useCurrentUser(): AuthState {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const query = useQuery({
    queryKey: trpc.auth.me.queryKey(),
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        return await client.auth.me.query();
      } catch (error) {
        if (httpStatusOf(error) === 401 && !isBanned(error)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
  // A failed refetch keeps the last answer: a ban ends it (the member is a visitor now).
  const banned = isBanned(query.error);
  const user = banned ? null : (query.data ?? null);
  return { user, isLoading: query.isPending, isAdmin: user?.role === "admin", banned };
}
