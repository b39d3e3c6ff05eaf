// The category list, shared by the sidebar, the post forms and the admin screens. Kept apart from
// CategorySelect so that the sidebar does not pull Mantine's Select into every page's first download.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "./trpc";

export function useCategories() {
  const trpc = useTRPC();
  // Spec section 7: always refetched (stale at once, on mount and on window focus).
  return useQuery({ ...trpc.categories.list.queryOptions(), staleTime: 0, refetchOnWindowFocus: true });
}
