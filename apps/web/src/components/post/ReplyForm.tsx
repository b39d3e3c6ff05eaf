// "Write a Reply" for members; visitors get a prompt to log in instead.
import { isBlank, type PostView } from "@forum/contracts";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useId, useRef } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useKeptText } from "../../lib/keptText";
import { loginUrl, useHere } from "../../lib/loginReturn";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { MarkdownEditor, type MarkdownEditorHandle } from "../composer/MarkdownEditor";
import { useRepliesChanged } from "./postCache";
import { useReceiveQuotes } from "./replyBox";

export function ReplyForm({ post }: { post: PostView }) {
  const { user } = useCurrentUser();
  const headingId = useId();
  const here = useHere();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        Write a Reply
      </Title>
      {user ? (
        <ReplyComposer post={post} />
      ) : (
        <Group justify="space-between" gap="sm">
          <Text c="dimmed">Log in to join the discussion and share your thoughts.</Text>
          <Button component={Link} to={loginUrl("/auth", here, "reply")}>
            Login
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function ReplyComposer({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const onError = useApiError();
  const repliesChanged = useRepliesChanged(post);
  // Kept until sent: a session that runs out mid-reply sends the member to log in and back.
  const [content, setContent] = useKeptText(`reply:${post.id}`);
  const create = useMutation(
    trpc.replies.create.mutationOptions({
      onSuccess: async () => {
        setContent("");
        toastSuccess("Success", "Reply posted successfully");
        await repliesChanged(1);
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to post reply" }),
    }),
  );
  const blank = isBlank(content);
  const editor = useRef<MarkdownEditorHandle>(null);
  // Quote on a post or reply lands here. (`replyId` names the quoted reply: the place to remember
  // it as the reply this one answers, replyToId.)
  const receiveQuote = useCallback((block: string, _replyId?: number) => editor.current?.append(block), []);
  useReceiveQuotes(receiveQuote);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || create.isPending) return;
        create.mutate({ postId: post.id, content: content.trim() });
      }}
    >
      <Stack gap="sm">
        <MarkdownEditor
          ref={editor}
          ariaLabel="Your reply"
          placeholder="Share your thoughts..."
          minRows={4}
          maxRows={16}
          value={content}
          onChange={setContent}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={blank || create.isPending}>
            {create.isPending ? "Posting..." : "Post Reply"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
