// "Edit Reply": the reply's content; blank content is refused before any call.
import { isBlank, MESSAGES, type ReplyView } from "@forum/contracts";
import { Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toastError, toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { MarkdownEditor } from "../composer/MarkdownEditor";
import { Dialog } from "../Dialog";
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
  const onError = useApiError();
  const repliesChanged = useRepliesChanged({ id: reply.postId, slug: postSlug });
  const [content, setContent] = useState(reply.content);
  const update = useMutation(
    trpc.replies.update.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Reply updated successfully");
        onClose();
        await repliesChanged(0);
      },
      // Spec section 8: a reply edit that finds the session gone goes to /auth.
      onError: (error) => onError(error, { title: "Error", message: "Failed to update reply" }, "/auth"),
    }),
  );

  const save = () => {
    if (isBlank(content)) {
      toastError("Missing Information", MESSAGES.replyContentRequired);
      return;
    }
    update.mutate({ id: reply.id, content: content.trim() });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <MarkdownEditor label="Reply" withAsterisk rows={6} value={content} onChange={setContent} autoFocus />
        <DialogButtons pending={update.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
