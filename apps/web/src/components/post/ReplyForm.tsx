// "Write a Reply" for members; visitors get a prompt to log in instead, and a locked discussion
// says so (moderators and admins may still reply there).
import { createReplyInput, isBlank, type PostView } from "@forum/contracts";
import { Alert, Button, CloseButton, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { loginUrl, useHere } from "../../lib/loginReturn";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { MarkdownEditor } from "../composer/MarkdownEditor";
import { useRepliesChanged } from "./postCache";
import { type ReplyBox, useReplyBox } from "./replyBox";

export const LOCKED_TEXT = "This discussion is locked";

export function ReplyForm({ post }: { post: PostView }) {
  const { user } = useCurrentUser();
  const box = useReplyBox();
  const headingId = useId();
  const here = useHere();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        Write a Reply
      </Title>
      {post.locked && (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />} title={LOCKED_TEXT} mb={box?.canReply ? "sm" : 0}>
          {box?.canReply
            ? "Members can no longer reply; as a moderator you still can."
            : "New replies are closed. You can still read and vote."}
        </Alert>
      )}
      {user && box?.canReply ? (
        <ReplyComposer post={post} box={box} />
      ) : user || post.locked ? null : (
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

function ReplyComposer({ post, box }: { post: PostView; box: ReplyBox }) {
  const trpc = useTRPC();
  const repliesChanged = useRepliesChanged(post);
  const navigate = useNavigate();
  const { content, setContent, replyTo, setReplyTo } = box;
  const create = useToastedMutation(trpc.replies.create.mutationOptions(), {
    success: "Reply posted successfully",
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

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || create.isPending) return;
        const checked = createReplyInput.safeParse({ postId: post.id, content, replyToId: replyTo?.id ?? null });
        if (checked.success) create.mutate(checked.data);
        else setProblem(checked.error.issues[0]?.message);
      }}
    >
      <Stack gap="sm">
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
          ariaLabel="Your reply"
          placeholder="Share your thoughts..."
          minRows={4}
          maxRows={16}
          value={content}
          onChange={edit}
          error={problem}
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
