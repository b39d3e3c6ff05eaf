// Edit and Delete on a reply, for its author and admins.
import type { ReplyView } from "@forum/contracts";
import { Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { EditDeleteButtons } from "../ui/EditDeleteButtons";
import { useDialogOnDemand } from "../ui/useDialogOnDemand";
import { canModify } from "./canModify";
import { useRepliesChanged } from "./postCache";

const EditReplyDialog = lazy(() => import("./EditReplyDialog").then((module) => ({ default: module.EditReplyDialog })));

const CONFIRM_DELETE = "Are you sure you want to delete this reply? This action cannot be undone.";

export function ReplyActions({ reply, postSlug }: { reply: ReplyView; postSlug: string }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const repliesChanged = useRepliesChanged({ id: reply.postId, slug: postSlug });
  const [editing, edit, editorWanted] = useDialogOnDemand();
  const remove = useToastedMutation(trpc.replies.delete.mutationOptions(), {
    success: "Reply deleted successfully",
    failure: "Failed to delete reply",
    onSuccess: () => repliesChanged(-1),
  });

  if (!canModify(user, reply.authorId)) return null;
  const author = reply.author ? `@${reply.author.username}` : "Unknown";
  const confirmDelete = () => {
    if (window.confirm(CONFIRM_DELETE)) remove.mutate({ id: reply.id });
  };
  return (
    <Group gap={4} wrap="nowrap">
      <EditDeleteButtons
        compact
        subject={`reply by ${author}`}
        onEdit={edit.open}
        onDelete={confirmDelete}
        deleting={remove.isPending}
      />
      {editorWanted && (
        <Suspense fallback={null}>
          <EditReplyDialog reply={reply} postSlug={postSlug} opened={editing} onClose={edit.close} />
        </Suspense>
      )}
    </Group>
  );
}
