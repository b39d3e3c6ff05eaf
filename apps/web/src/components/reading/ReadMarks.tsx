// A member's marks on a post card (issue 31): "N new" for replies they have not read since they
// last read the discussion, "New" for a discussion posted since their previous visit that they
// have not opened. Visitors' cards carry neither (unreadCount 0, isNew false).
import { type PostCardView, READ_STATE_MESSAGES } from "@forum/contracts";
import { Badge } from "@mantine/core";

export function ReadMarks({ post }: { post: Pick<PostCardView, "unreadCount" | "isNew"> }) {
  return (
    <>
      {post.isNew && (
        <Badge color="grape" variant="filled" tt="none" data-read-mark="new">
          {READ_STATE_MESSAGES.newMarker}
        </Badge>
      )}
      {post.unreadCount > 0 && (
        <Badge color="blue" variant="light" tt="none" data-read-mark="unread">
          {READ_STATE_MESSAGES.newReplies(post.unreadCount)}
        </Badge>
      )}
    </>
  );
}
