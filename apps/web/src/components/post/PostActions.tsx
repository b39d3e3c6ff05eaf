// Edit and Delete for the post's author, moderators and admins (with Pin and Lock for the last
// two). Deleting asks the browser first, then goes home.
import type { PostView } from "@forum/contracts";
import { Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { EditDeleteButtons } from "../EditDeleteButtons";
import { canModify } from "./canModify";
import { EditPostDialog } from "./EditPostDialog";
import { ModerationButtons } from "./ModerationButtons";
import { useRefreshPostLists } from "./postCache";

const CONFIRM_DELETE = "Are you sure you want to delete this post? This action cannot be undone.";

export function PostActions({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const onError = useApiError();
  const refreshLists = useRefreshPostLists();
  const [editing, edit] = useDisclosure(false);
  const remove = useMutation(
    trpc.posts.delete.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Post deleted successfully");
        navigate("/");
        await refreshLists({ categories: true });
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to delete post" }),
    }),
  );

  if (!canModify(user, post.authorId)) return null;
  const confirmDelete = () => {
    if (window.confirm(CONFIRM_DELETE)) remove.mutate({ id: post.id });
  };
  return (
    <Group gap="xs">
      <ModerationButtons post={post} />
      <EditDeleteButtons onEdit={edit.open} onDelete={confirmDelete} deleting={remove.isPending} />
      <EditPostDialog post={post} opened={editing} onClose={edit.close} />
    </Group>
  );
}
