// Pin and Lock on a post, for moderators and admins: each saves the post as it is with the flag
// flipped (the post update call), which does not mark it edited. One button serves both flags,
// told apart by the table below.
import type { PostView } from "@forum/contracts";
import { Button } from "@mantine/core";
import { IconLock, IconLockOpen, IconPin, IconPinnedOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { isStaff } from "./canModify";
import { usePatchPost, useRefreshPostLists } from "./postCache";

type Flag = "pinned" | "locked";
/** What a button shows and says once done, while the flag is off, and while it is on. */
type FlagState = { label: string; icon: ReactNode; done: string };
const FLAGS: Record<Flag, { off: FlagState; on: FlagState }> = {
  pinned: {
    off: { label: "Pin", icon: <IconPin size={14} aria-hidden />, done: "Post unpinned" },
    on: { label: "Unpin", icon: <IconPinnedOff size={14} aria-hidden />, done: "Post pinned" },
  },
  locked: {
    off: { label: "Lock", icon: <IconLock size={14} aria-hidden />, done: "Discussion unlocked" },
    on: { label: "Unlock", icon: <IconLockOpen size={14} aria-hidden />, done: "Discussion locked" },
  },
};
const stateOf = (flag: Flag, post: PostView) => (post[flag] ? FLAGS[flag].on : FLAGS[flag].off);

export function ModerationButtons({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const patchPost = usePatchPost();
  const refreshLists = useRefreshPostLists();
  const update = useToastedMutation(trpc.posts.update.mutationOptions(), {
    // The saved post's flag says which way it went.
    success: (saved, sent) => stateOf(sent.pinned === undefined ? "locked" : "pinned", saved).done,
    failure: "Failed to update post",
    onSuccess: (saved) => {
      void patchPost(saved.slug, () => saved);
      return refreshLists();
    },
  });
  if (!isStaff(user)) return null;
  const flip = (flag: Flag) =>
    update.mutate({
      id: post.id,
      title: post.title,
      content: post.content,
      categoryId: post.categoryId,
      [flag]: !post[flag],
    });
  return (["pinned", "locked"] as const).map((flag) => {
    const { label, icon } = stateOf(flag, post);
    return (
      <Button
        key={flag}
        variant="default"
        size="xs"
        leftSection={icon}
        onClick={() => flip(flag)}
        disabled={update.isPending}
        aria-pressed={post[flag]}
      >
        {label}
      </Button>
    );
  });
}
