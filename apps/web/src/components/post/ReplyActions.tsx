// Edit and Delete on a reply, for its author and admins.
import type { ReplyView } from "@forum/contracts";
import { Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation } from "@tanstack/react-query";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { EditDeleteButtons } from "../EditDeleteButtons";
import { canModify } from "./canModify";
import { EditReplyDialog } from "./EditReplyDialog";
import { useRepliesChanged } from "./postCache";

const CONFIRM_DELETE = "Are you sure you want to delete this reply? This action cannot be undone.";

export function ReplyActions({ reply, postSlug }: { reply: ReplyView; postSlug: string }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const onError = useApiError();
  const repliesChanged = useRepliesChanged({ id: reply.postId, slug: postSlug });
  const [editing, edit] = useDisclosure(false);
  const remove = useMutation(
    trpc.replies.delete.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Reply deleted successfully");
        await repliesChanged(-1);
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to delete reply" }),
    }),
  );

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
      <EditReplyDialog reply={reply} postSlug={postSlug} opened={editing} onClose={edit.close} />
    </Group>
  );
}
