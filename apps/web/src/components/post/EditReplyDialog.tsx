// "Edit Reply": the reply's content, checked with the server's schema; blank content is refused
// with the spec's toast before any call.
import { MESSAGES, type ReplyView, updateReplyInput } from "@forum/contracts";
import { Stack } from "@mantine/core";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { MarkdownEditor } from "../composer/MarkdownEditor";
import { Dialog } from "../ui/Dialog";
import { DialogButtons } from "./DialogButtons";
import { useRepliesChanged } from "./postCache";

type Props = { reply: ReplyView; postSlug: string; opened: boolean; onClose: () => void };

export function EditReplyDialog({ reply, postSlug, opened, onClose }: Props) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Edit Reply" size={600} centered>
      {opened && <EditReplyForm reply={reply} postSlug={postSlug} onClose={onClose} />}
    </Dialog>
  );
}

function EditReplyForm({ reply, postSlug, onClose }: Omit<Props, "opened">) {
  const trpc = useTRPC();
  const repliesChanged = useRepliesChanged({ id: reply.postId, slug: postSlug });
  const { field, onSubmit } = useSchemaForm({
    initialValues: { id: reply.id, content: reply.content },
    schema: updateReplyInput,
    formMessages: { [MESSAGES.replyContentRequired]: "Missing Information" },
  });
  const update = useToastedMutation(trpc.replies.update.mutationOptions(), {
    success: "Reply updated successfully",
    failure: "Failed to update reply",
    // Spec section 8: a reply edit that finds the session gone goes to /auth.
    loginPath: "/auth",
    onSuccess: () => {
      onClose();
      return repliesChanged(0);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit((edited) => update.mutate(edited))}>
      <Stack gap="sm">
        <MarkdownEditor label="Reply" withAsterisk rows={6} {...field("content")} autoFocus />
        <DialogButtons pending={update.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
