// Cache rules of the post screen. Reading a post counts a view, so a change patches the cached
// post from the answer instead of reading it again; lists that show posts are marked stale.
import type { PostView, RepliesOfPost, ReplyView } from "@forum/contracts";
import { type Query, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "../../lib/trpc";
import { liveState } from "../live/liveState";

/** A read of something already shown (a first read, like a page of replies loading, is left alone). */
const isRefetch = (query: Query) => query.state.data !== undefined;

/**
 * Changes the cached post behind /posts/{slug}, when there is one. A read of the post still on its
 * way is called off first: it may have started before this change was written (signing in
 * refetches the page while the vote it was for is cast) and would put the old post back.
 */
export function usePatchPost() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    async (slug: string, patch: (post: PostView) => PostView) => {
      const queryKey = trpc.posts.bySlug.queryKey({ slug });
      await queryClient.cancelQueries({ queryKey, predicate: isRefetch });
      queryClient.setQueryData(queryKey, (old) => (old ? patch(old) : old));
    },
    [trpc, queryClient],
  );
}

/** Changes one cached reply of a post (a vote's new counts), without reading the replies again. */
export function usePatchReply(postId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    async (replyId: number, patch: (reply: ReplyView) => ReplyView) => {
      // Every loaded page of the post's replies (each page is its own query: offset, limit); a
      // read still on its way is called off first, as for the post (usePatchPost).
      const queryKey = trpc.replies.byPost.queryKey({ postId });
      await queryClient.cancelQueries({ queryKey, predicate: isRefetch });
      queryClient.setQueriesData({ queryKey }, (old: RepliesOfPost | undefined) =>
        old ? { replies: old.replies.map((reply) => (reply.id === replyId ? patch(reply) : reply)) } : old,
      );
    },
    [trpc, queryClient, postId],
  );
}

/**
 * Marks the lists that show posts and their counts as stale (feeds, profiles, admin screens);
 * with `categories`, also the category list whose post counts the sidebar shows.
 */
export function useRefreshPostLists() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    ({ categories = false }: { categories?: boolean } = {}) => {
      const keys = [trpc.posts.list.pathKey(), trpc.posts.cards.pathKey(), trpc.users.pathKey(), trpc.admin.pathKey()];
      if (categories) keys.push(trpc.categories.pathKey());
      return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [trpc, queryClient],
  );
}

/**
 * After a reply is added or removed: reload the replies, move the post's count, mark lists stale.
 * The reload shows other members' new replies that the live stream announced too, so they count.
 */
export function useRepliesChanged(post: Pick<PostView, "id" | "slug">) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const patchPost = usePatchPost();
  const refreshLists = useRefreshPostLists();
  return useCallback(
    async (ownChange: number) => {
      const countChange = ownChange + liveState.takeNewReplies(post.id);
      if (countChange !== 0) {
        await patchPost(post.slug, (current) => ({
          ...current,
          replyCount: Math.max(0, current.replyCount + countChange),
        }));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.replies.byPost.queryKey({ postId: post.id }) }),
        refreshLists(),
      ]);
    },
    [trpc, queryClient, patchPost, refreshLists, post.id, post.slug],
  );
}
