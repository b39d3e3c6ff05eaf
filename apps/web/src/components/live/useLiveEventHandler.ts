// What each live event changes in this tab. Events say what changed, not the text: counts are
// written into the cached post and replies; new replies wait behind "N new replies" (liveState)
// until the reader reveals them; changed or removed replies are read again. The tab's own changes
// are already shown by their mutations, so their events are recognised and left alone.
import { LIVE_RESYNC_EVENT, type LiveEvent, type PostView, type RepliesOfPost } from "@forum/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";
import { useRefreshPostLists } from "../post/postCache";
import { liveState } from "./liveState";

type Heard = LiveEvent | { type: typeof LIVE_RESYNC_EVENT };

export function useLiveEventHandler(): (event: Heard) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshLists = useRefreshPostLists();
  const { user } = useCurrentUser();
  const memberId = user?.id ?? null;

  return useCallback(
    (event: Heard) => {
      const repliesKey = (postId: number) => trpc.replies.byPost.queryKey({ postId });
      const openPost = liveState.get().openPost;
      const patchOpenPost = (postId: number, patch: (post: PostView) => PostView) => {
        if (openPost?.id !== postId) return;
        queryClient.setQueryData(trpc.posts.bySlug.queryKey({ slug: openPost.slug }), (old) =>
          old ? patch(old) : old,
        );
      };
      const rereadReplies = (postId: number, countChange: number) => {
        patchOpenPost(postId, (post) => ({ ...post, replyCount: Math.max(0, post.replyCount + countChange) }));
        void queryClient.invalidateQueries({ queryKey: repliesKey(postId) });
        void refreshLists();
      };

      switch (event.type) {
        case "reply": {
          if (event.authorId !== memberId) {
            liveState.addNewReply(event.postId, event.replyId);
            return;
          }
          // The member's own reply: this tab's shows through its mutation (one still running has
          // no id yet); one from another tab or device just appears.
          const mine = (mutation: Mutation) =>
            mutation.state.status === "pending" ||
            (mutation.state.data as { id?: number } | undefined)?.id === event.replyId;
          if (!tabMadeIt(queryClient, trpc.replies.create.mutationKey(), mine)) rereadReplies(event.postId, 1);
          return;
        }
        case "reply-edited":
          void queryClient.invalidateQueries({ queryKey: repliesKey(event.postId) });
          return;
        case "reply-deleted": {
          if (liveState.dropNewReply(event.postId, event.replyId)) return;
          const deleting = (mutation: Mutation) =>
            (mutation.state.variables as { id?: number } | undefined)?.id === event.replyId;
          if (!tabMadeIt(queryClient, trpc.replies.delete.mutationKey(), deleting)) rereadReplies(event.postId, -1);
          return;
        }
        case "votes": {
          const counts = { upvotes: event.upvotes, downvotes: event.downvotes };
          if (event.replyId === null) {
            patchOpenPost(event.postId, (post) => ({ ...post, ...counts, votes: counts.upvotes - counts.downvotes }));
            return;
          }
          queryClient.setQueriesData({ queryKey: repliesKey(event.postId) }, (old: RepliesOfPost | undefined) =>
            old
              ? { replies: old.replies.map((reply) => (reply.id === event.replyId ? { ...reply, ...counts } : reply)) }
              : old,
          );
          return;
        }
        case "post":
          if (event.deleted) liveState.markDeleted(event.postId);
          else patchOpenPost(event.postId, (post) => ({ ...post, locked: event.locked, pinned: event.pinned }));
          return;
        case "notifications":
          queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), { count: event.unread });
          void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() });
          return;
        case LIVE_RESYNC_EVENT:
          // Events were missed: read once what they could have changed.
          void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
          if (openPost) {
            liveState.takeNewReplies(openPost.id);
            void queryClient.invalidateQueries({ queryKey: repliesKey(openPost.id) });
            void queryClient.invalidateQueries({ queryKey: trpc.posts.bySlug.queryKey({ slug: openPost.slug }) });
          }
          return;
      }
    },
    [trpc, queryClient, refreshLists, memberId],
  );
}

/** Whether this tab made the change an event tells of (its mutation's answer already shows it). */
function tabMadeIt(
  queryClient: QueryClient,
  mutationKey: readonly unknown[],
  matches: (mutation: Mutation) => boolean,
) {
  return queryClient.getMutationCache().findAll({ mutationKey }).some(matches);
}

type Mutation = ReturnType<ReturnType<QueryClient["getMutationCache"]>["getAll"]>[number];
