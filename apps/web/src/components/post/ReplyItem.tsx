// One reply: author and time ("edited" when it was), the reply it answers, the text as written
// (line breaks kept, @mentions linked), votes, actions. Its id (reply-{id}) is the anchor
// notifications and "in reply to" link to.
import type { ReplyView } from "@forum/contracts";
import { Button, Group, Paper, Text } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { relativeTime } from "../../lib/format";
import { AuthorByline } from "./AuthorByline";
import { InReplyTo } from "./InReplyTo";
import { MentionText } from "./MentionText";
import { ReplyActions } from "./ReplyActions";
import { ReplyVoteButtons } from "./ReplyVoteButtons";
import { ReportButton } from "./ReportButton";
import { useReplyBox } from "./replyBox";

export function ReplyItem({ reply, postSlug }: { reply: ReplyView; postSlug: string }) {
  const box = useReplyBox();
  const author = reply.author ? `@${reply.author.username}` : "Unknown";
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      id={`reply-${reply.id}`}
      // Opened from a notification (#reply-{id}): scrolled into view below the fixed header.
      style={{ scrollMarginTop: 80 }}
      aria-label={`Reply by ${reply.author?.username ?? "Unknown"}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <AuthorByline
          author={reply.author}
          createdAt={reply.createdAt}
          date={relativeTime(reply.createdAt)}
          editedAt={reply.editedAt}
          avatarSize="sm"
        />
        <ReplyActions reply={reply} postSlug={postSlug} />
      </Group>
      <InReplyTo replyTo={reply.replyTo} />
      <Text mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        <MentionText text={reply.content} />
      </Text>
      <Group mt="sm" justify="space-between" gap="xs">
        <ReplyVoteButtons reply={reply} />
        <Group gap={4}>
          {box?.canReply && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              onClick={() => box.answer({ id: reply.id, username: reply.author?.username ?? null })}
              aria-label={`Reply to ${author}`}
            >
              Reply
            </Button>
          )}
          <ReportButton target={{ replyId: reply.id }} authorId={reply.authorId} subject={`reply by ${author}`} />
        </Group>
      </Group>
    </Paper>
  );
}
