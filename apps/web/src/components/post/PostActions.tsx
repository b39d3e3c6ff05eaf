// Edit and Delete for the post's author, moderators and admins (with Pin and Lock for the last
// two). Deleting asks the browser first, then goes home.
import type { PostView } from "@forum/contracts";
import { Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { EditDeleteButtons } from "../ui/EditDeleteButtons";
import { useDialogOnDemand } from "../ui/useDialogOnDemand";
import { canModify } from "./canModify";
import { ModerationButtons } from "./ModerationButtons";
import { useRefreshPostLists } from "./postCache";

const EditPostDialog = lazy(() => import("./EditPostDialog").then((module) => ({ default: module.EditPostDialog })));

const CONFIRM_DELETE = "Are you sure you want to delete this post? This action cannot be undone.";

export function PostActions({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const refreshLists = useRefreshPostLists();
  const [editing, edit, editorWanted] = useDialogOnDemand();
  const remove = useToastedMutation(trpc.posts.delete.mutationOptions(), {
    success: "Post deleted successfully",
    failure: "Failed to delete post",
    onSuccess: () => {
      navigate("/");
      return refreshLists({ categories: true });
    },
  });

  if (!canModify(user, post.authorId)) return null;
  const confirmDelete = () => {
    if (window.confirm(CONFIRM_DELETE)) remove.mutate({ id: post.id });
  };
  return (
    <Group gap="xs">
      <ModerationButtons post={post} />
      <EditDeleteButtons onEdit={edit.open} onDelete={confirmDelete} deleting={remove.isPending} />
      {editorWanted && (
        <Suspense fallback={null}>
          <EditPostDialog post={post} opened={editing} onClose={edit.close} />
        </Suspense>
      )}
    </Group>
  );
}
