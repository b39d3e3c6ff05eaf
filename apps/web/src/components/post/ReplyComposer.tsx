// The reply form of a member's post page (ReplyForm.tsx loads it lazily): the Markdown editor,
// checked with the server's schema before it is sent. Before the app is live (or without
// JavaScript) the form posts itself to the post's address; the server adds the reply and
// redirects to it with the same messages (apps/server/src/plugins/nativeForms.ts).
import { createReplyInput, FORM_SUCCESS, isBlank, type PostView } from "@forum/contracts";
import { Button, CloseButton, Group, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "../../lib/hydrated";
import { useTRPC } from "../../lib/trpc";
import { useTypedBeforeHydration } from "../../lib/typedBeforeHydration";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { ConfirmBeforePostingNotice } from "../account/ConfirmBeforePostingNotice";
import { MarkdownEditor } from "../composer/MarkdownEditor";
import { useRepliesChanged } from "./postCache";
import type { ReplyBox } from "./replyBox";

export default function ReplyComposer({ post, box }: { post: PostView; box: ReplyBox }) {
  const trpc = useTRPC();
  const repliesChanged = useRepliesChanged(post);
  const navigate = useNavigate();
  const { content, setContent, replyTo, setReplyTo, takePending, editorRef } = box;
  // A Quote (or Reply) clicked while this form was still loading: done now that the editor is here.
  useEffect(() => {
    const pending = takePending();
    if (pending?.text) editorRef.current?.append(pending.text);
    else if (pending) editorRef.current?.focus();
  }, [takePending, editorRef]);
  const create = useToastedMutation(trpc.replies.create.mutationOptions(), {
    success: FORM_SUCCESS.reply.message,
    failure: "Failed to post reply",
    onSuccess: async (reply) => {
      setContent("");
      setReplyTo(null);
      await repliesChanged(1);
      // To the new reply: on a long thread it is past the replies loaded so far (ReplyList loads on).
      await navigate({ hash: `reply-${reply.id}` }, { replace: true });
    },
  });
  const blank = isBlank(content);
  // The server's schema checks the reply before it is sent (a reply past its length limit is
  // said under the box); the text stays in the ReplyBox, which Quote and the login return share.
  const [problem, setProblem] = useState<string>();
  const edit = (value: string) => {
    setContent(value);
    setProblem(undefined);
  };
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, { content }, (typed) => setContent(typed.content ?? ""));
  const hydrated = useHydrated();

  return (
    <form
      ref={formRef}
      method="post"
      action={`/posts/${encodeURIComponent(post.slug)}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || create.isPending) return;
        const checked = createReplyInput.safeParse({ postId: post.id, content, replyToId: replyTo?.id ?? null });
        if (checked.success) create.mutate(checked.data);
        else setProblem(checked.error.issues[0]?.message);
      }}
    >
      <input type="hidden" name="postId" value={post.id} />
      {replyTo && <input type="hidden" name="replyToId" value={replyTo.id} />}
      <Stack gap="sm">
        <ConfirmBeforePostingNotice />
        {replyTo && (
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed">
              Replying to @{replyTo.username ?? "Unknown"}
            </Text>
            <CloseButton size="sm" aria-label="Stop replying to this reply" onClick={() => setReplyTo(null)} />
          </Group>
        )}
        <MarkdownEditor
          ref={box.editorRef}
          name="content"
          ariaLabel="Your reply"
          placeholder="Share your thoughts..."
          minRows={4}
          maxRows={16}
          value={content}
          onChange={edit}
          error={problem}
        />
        <Group justify="flex-end">
          {/* Sent natively until the app is live: only the app knows the box is empty. */}
          <Button type="submit" disabled={hydrated && (blank || create.isPending)}>
            {create.isPending ? "Posting..." : "Post Reply"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
