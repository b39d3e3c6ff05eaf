// Said on a discussion's page when it is deleted while open (the live stream's "post" event).
import { Alert } from "@mantine/core";
import { usePostDeletedLive } from "./liveState";

export const POST_DELETED_LIVE = "This post has been deleted";

export function PostDeletedNotice({ postId }: { postId: number }) {
  const deleted = usePostDeletedLive(postId);
  if (!deleted) return null;
  return (
    <Alert color="red" title={POST_DELETED_LIVE} role="alert">
      It can no longer be replied to or voted on.
    </Alert>
  );
}
