// What the live stream (LiveStream.tsx) has told this tab and the screens show: whether it is
// connected (the bell stops polling while it is), the new replies of open discussions that the
// reader has not revealed yet ("N new replies"), and the posts deleted while open. Kept outside
// React so the stream's handlers and the screens share one copy without re-rendering the app.
import { useSyncExternalStore } from "react";

type OpenPost = { id: number; slug: string };

type State = {
  connected: boolean;
  /** The post the page shows, whose events the stream asks for. */
  openPost: OpenPost | null;
  /** Per post: the ids of other members' replies that arrived and are not shown yet. */
  newReplies: ReadonlyMap<number, ReadonlySet<number>>;
  deletedPosts: ReadonlySet<number>;
};

let state: State = { connected: false, openPost: null, newReplies: new Map(), deletedPosts: new Set() };
const listeners = new Set<() => void>();

function update(change: Partial<State>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: ReadonlySet<number> = new Set();

export const liveState = {
  get: (): State => state,
  subscribe,
  setConnected: (connected: boolean) => {
    if (state.connected !== connected) update({ connected });
  },
  setOpenPost: (post: OpenPost | null) => {
    if (state.openPost?.id !== post?.id || state.openPost?.slug !== post?.slug) update({ openPost: post });
  },
  addNewReply: (postId: number, replyId: number) => {
    const ids = new Set(state.newReplies.get(postId) ?? NONE);
    ids.add(replyId);
    update({ newReplies: new Map(state.newReplies).set(postId, ids) });
  },
  /** Forgets a not-yet-shown reply that was deleted; answers whether it was one. */
  dropNewReply: (postId: number, replyId: number): boolean => {
    const ids = state.newReplies.get(postId);
    if (!ids?.has(replyId)) return false;
    const rest = new Set(ids);
    rest.delete(replyId);
    update({ newReplies: new Map(state.newReplies).set(postId, rest) });
    return true;
  },
  /** The post's replies are read again (revealed, or after the reader's own change): answers how many were new. */
  takeNewReplies: (postId: number): number => {
    const count = state.newReplies.get(postId)?.size ?? 0;
    if (count > 0) {
      const newReplies = new Map(state.newReplies);
      newReplies.delete(postId);
      update({ newReplies });
    }
    return count;
  },
  markDeleted: (postId: number) => update({ deletedPosts: new Set(state.deletedPosts).add(postId) }),
};

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.connected,
    () => false,
  );
}

export function useNewReplyCount(postId: number): number {
  return useSyncExternalStore(
    subscribe,
    () => state.newReplies.get(postId)?.size ?? 0,
    () => 0,
  );
}

export function usePostDeletedLive(postId: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.deletedPosts.has(postId),
    () => false,
  );
}
