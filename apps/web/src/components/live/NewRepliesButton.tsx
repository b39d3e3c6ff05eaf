// "1 new reply" / "N new replies": other members' replies that arrived while the discussion is
// open. They are not put in the list as they come (the page would move under the reader); a tap
// reads the replies again, so they appear at the end, where they belong, and nothing above moves.
import type { PostView } from "@forum/contracts";
import { Button } from "@mantine/core";
import { useRepliesChanged } from "../post/postCache";
import { useNewReplyCount } from "./liveState";

export function NewRepliesButton({ post }: { post: Pick<PostView, "id" | "slug"> }) {
  const count = useNewReplyCount(post.id);
  const repliesChanged = useRepliesChanged(post);
  return (
    // Announced as it changes; empty (and taking no room) while there is nothing new.
    <div className="new-replies" aria-live="polite">
      {count > 0 && (
        <Button radius="xl" size="sm" onClick={() => void repliesChanged(0)}>
          {count === 1 ? "1 new reply" : `${count} new replies`}
        </Button>
      )}
    </div>
  );
}
