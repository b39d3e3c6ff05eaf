// Votes on a post. The same vote again takes it back. The answer's counts go straight into the
// cached post (reading it again counts a view). A visitor signs in first and the vote is cast on
// their return.
import type { PostView, VoteType } from "@forum/contracts";
import { useEffect } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { loginUrl, useHere, useResumed } from "../../lib/loginReturn";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { usePatchPost } from "./postCache";
import { VoteControl } from "./VoteControl";

export function VoteButtons({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const here = useHere();
  const patchPost = usePatchPost();
  // No success toast: the counts and the highlighted arrow say it.
  const vote = useToastedMutation(trpc.votes.cast.mutationOptions(), {
    failure: "Failed to vote on post",
    onSuccess: ({ upvotes, downvotes, votes, myVote }) =>
      patchPost(post.slug, (current) => ({ ...current, upvotes, downvotes, votes, myVote })),
  });

  const cast = (type: VoteType) => {
    // A click while the last vote is on its way is ignored; the button keeps its focus.
    if (!vote.isPending) vote.mutate({ type, postId: post.id });
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
    <VoteControl
      upvotes={post.upvotes}
      downvotes={post.downvotes}
      myVote={post.myVote}
      busy={vote.isPending}
      onCast={cast}
      // Visitors sign in first rather than cast a vote the server would refuse; the vote is cast
      // when they come back.
      loginHref={user ? undefined : (type) => loginUrl("/auth", here, "vote", type)}
    />
  );
}
