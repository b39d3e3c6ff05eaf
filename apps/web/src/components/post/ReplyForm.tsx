// "Write a Reply" for members; visitors get a prompt to log in instead, and a locked discussion
// says so (moderators and admins may still reply there).
import type { PostView } from "@forum/contracts";
import { Alert, Button, Group, Paper, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Suspense, useId } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { HoldLanding } from "../../lib/landing";
import { lazyWithPreload } from "../../lib/lazyWithPreload";
import { loginUrl, useHere } from "../../lib/loginReturn";
import { useReplyBox } from "./replyBox";

// Members' only: loaded when a member's page shows it, so a visitor's post page neither downloads
// nor evaluates the editor, its toolbar and the reply schema before its first paint (33 files
// were loaded before it on the laptop profile, bench/README.md).
const ReplyComposer = lazyWithPreload(() => import("./ReplyComposer"));

/** A member's page came with the reply box in its HTML: its code loads before the page is hydrated. */
export function loadServerRenderedComposer(): Promise<void> | undefined {
  return document.querySelector('form textarea[name="content"]') ? ReplyComposer.preload() : undefined;
}

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
        // A link to a reply waits for the editor: it grows the box above the replies.
        <Suspense fallback={<HoldLanding />}>
          <ReplyComposer post={post} box={box} />
        </Suspense>
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
