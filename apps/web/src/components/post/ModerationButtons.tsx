// Pin and Lock on a post, for moderators and admins: each saves the post as it is with the flag
// flipped (the post update call), which does not mark it edited.
import type { PostView } from "@forum/contracts";
import { Button } from "@mantine/core";
import { IconLock, IconLockOpen, IconPin, IconPinnedOff } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { isStaff } from "./canModify";
import { usePatchPost, useRefreshPostLists } from "./postCache";

type Flag = "pinned" | "locked";
const DONE: Record<Flag, [string, string]> = {
  pinned: ["Post pinned", "Post unpinned"],
  locked: ["Discussion locked", "Discussion unlocked"],
};

export function ModerationButtons({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const onError = useApiError();
  const patchPost = usePatchPost();
  const refreshLists = useRefreshPostLists();
  const update = useMutation(
    trpc.posts.update.mutationOptions({
      onSuccess: async (saved, sent) => {
        patchPost(saved.slug, () => saved);
        const flag: Flag = sent.pinned === undefined ? "locked" : "pinned";
        toastSuccess("Success", DONE[flag][saved[flag] ? 0 : 1]);
        await refreshLists();
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to update post" }),
    }),
  );
  if (!isStaff(user)) return null;
  const flip = (flag: Flag) =>
    update.mutate({
      id: post.id,
      title: post.title,
      content: post.content,
      categoryId: post.categoryId,
      [flag]: !post[flag],
    });
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={post.pinned ? <IconPinnedOff size={14} aria-hidden /> : <IconPin size={14} aria-hidden />}
        onClick={() => flip("pinned")}
        disabled={update.isPending}
        aria-pressed={post.pinned}
      >
        {post.pinned ? "Unpin" : "Pin"}
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={post.locked ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
        onClick={() => flip("locked")}
        disabled={update.isPending}
        aria-pressed={post.locked}
      >
        {post.locked ? "Unlock" : "Lock"}
      </Button>
    </>
  );
}
