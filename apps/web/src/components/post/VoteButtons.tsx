// Upvote and downvote on a post. The caller's own vote is highlighted; the same vote again takes
// it back. The answer's counts go straight into the cached post (reading it again counts a view).
import type { PostView, VoteType } from "@forum/contracts";
import { ActionIcon, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconArrowBigDown, IconArrowBigDownFilled, IconArrowBigUp, IconArrowBigUpFilled } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useGoToLogin, useResumed } from "../../lib/loginReturn";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { usePatchPost } from "./postCache";

export function VoteButtons({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const goToLogin = useGoToLogin();
  const onError = useApiError();
  const patchPost = usePatchPost();
  const vote = useMutation(
    trpc.votes.cast.mutationOptions({
      onSuccess: ({ upvotes, downvotes, votes, myVote }) =>
        patchPost(post.slug, (current) => ({ ...current, upvotes, downvotes, votes, myVote })),
      onError: (error) => onError(error, { title: "Error", message: "Failed to vote on post" }),
    }),
  );

  const cast = (type: VoteType) => {
    // Visitors sign in first rather than cast a vote the server would refuse; the vote is cast
    // when they come back.
    if (!user) goToLogin("vote", type);
    // A click while the last vote is on its way is ignored; the button keeps its focus.
    else if (!vote.isPending) vote.mutate({ type, postId: post.id });
  };

  // Back from signing in to vote: cast it, unless this member's vote is that one already (casting
  // it again would take it back).
  const [resumed, resumeDone] = useResumed();
  const mutate = vote.mutate;
  useEffect(() => {
    if ((resumed !== "upvote" && resumed !== "downvote") || !user) return;
    resumeDone();
    if (post.myVote !== (resumed === "upvote" ? "up" : "down")) mutate({ type: resumed, postId: post.id });
  }, [resumed, user, resumeDone, mutate, post.myVote, post.id]);

  return (
    <Group gap="sm" role="group" aria-label="Votes">
      <VoteButton
        label="Upvote"
        countLabel="upvotes"
        count={post.upvotes}
        active={post.myVote === "up"}
        color="green"
        icon={post.myVote === "up" ? <IconArrowBigUpFilled size={20} /> : <IconArrowBigUp size={20} />}
        busy={vote.isPending}
        onClick={() => cast("upvote")}
      />
      <VoteButton
        label="Downvote"
        countLabel="downvotes"
        count={post.downvotes}
        active={post.myVote === "down"}
        color="red"
        icon={post.myVote === "down" ? <IconArrowBigDownFilled size={20} /> : <IconArrowBigDown size={20} />}
        busy={vote.isPending}
        onClick={() => cast("downvote")}
      />
    </Group>
  );
}

type VoteButtonProps = {
  label: string;
  countLabel: string;
  count: number;
  active: boolean;
  color: string;
  icon: ReactNode;
  busy: boolean;
  onClick: () => void;
};

function VoteButton({ label, countLabel, count, active, color, icon, busy, onClick }: VoteButtonProps) {
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        size="lg"
        variant={active ? "filled" : "default"}
        color={color}
        aria-label={label}
        aria-pressed={active}
        title={label}
        aria-busy={busy}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
      <Text fw={600} size="sm" c={active ? color : undefined} miw={12} aria-live="polite">
        {count} <VisuallyHidden>{countLabel}</VisuallyHidden>
      </Text>
    </Group>
  );
}
