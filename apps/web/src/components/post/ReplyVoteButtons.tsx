// Votes on a reply, as on a post: one per member, the same vote again takes it back. The answer's
// counts go into the cached replies of the post; a visitor is sent to log in first.
import type { ReplyView, VoteType } from "@forum/contracts";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { loginUrl, useHere } from "../../lib/loginReturn";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { usePatchReply } from "./postCache";
import { VoteControl } from "./VoteControl";

export function ReplyVoteButtons({ reply }: { reply: ReplyView }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const here = useHere();
  const patchReply = usePatchReply(reply.postId);
  // No success toast: the counts and the highlighted arrow say it.
  const vote = useToastedMutation(trpc.votes.cast.mutationOptions(), {
    failure: "Failed to vote on reply",
    onSuccess: ({ upvotes, downvotes, myVote }) =>
      patchReply(reply.id, (current) => ({ ...current, upvotes, downvotes, myVote })),
  });
  const cast = (type: VoteType) => {
    if (!vote.isPending) vote.mutate({ type, replyId: reply.id });
  };
  return (
    <VoteControl
      compact
      label={`Votes on the reply by @${reply.author?.username ?? "Unknown"}`}
      upvotes={reply.upvotes}
      downvotes={reply.downvotes}
      myVote={reply.myVote}
      busy={vote.isPending}
      onCast={cast}
      loginHref={user ? undefined : () => loginUrl("/auth", here, "vote")}
    />
  );
}
