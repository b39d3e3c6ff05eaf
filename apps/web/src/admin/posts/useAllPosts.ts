// Every post for the admin list, newest first: pages of 100 until a short page, at most 1000.
// The key sits under posts.list, so whatever refreshes the post lists refreshes this one too.
import { MAX_PAGE_SIZE, type PostView } from "@forum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "../../lib/trpc";

export const MAX_ADMIN_POSTS = 1000;

export function useAllPosts() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    queryKey: [...trpc.posts.list.pathKey(), "admin-all"],
    queryFn: async ({ signal }) => {
      const byId = new Map<number, PostView>();
      for (let offset = 0; offset < MAX_ADMIN_POSTS; offset += MAX_PAGE_SIZE) {
        const page = await client.posts.list.query({ sortBy: "new", limit: MAX_PAGE_SIZE, offset }, { signal });
        // A post written while paging shifts the pages by one; the map drops the repeat.
        for (const post of page) byId.set(post.id, post);
        if (page.length < MAX_PAGE_SIZE) break;
      }
      return [...byId.values()];
    },
  });
}
