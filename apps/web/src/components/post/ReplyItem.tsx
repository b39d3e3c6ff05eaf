// One reply: author and time ("edited" when it was), the reply it answers, the text formatted
// (Markdown, @mentions linked), votes, Reply and Quote, actions. Its id (reply-{id}) is the anchor
// notifications and "in reply to" link to.
import type { ReplyView } from "@forum/contracts";
import { Button, Group, Paper } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { useRef } from "react";
import { relativeTime } from "../../lib/format";
import { FormattedText } from "../markdown/FormattedText";
import { AuthorByline } from "./AuthorByline";
import { InReplyTo } from "./InReplyTo";
import { QuoteButton } from "./QuoteButton";
import { ReplyActions } from "./ReplyActions";
import { ReplyVoteButtons } from "./ReplyVoteButtons";
import { ReportButton } from "./ReportButton";
import { useReplyBox } from "./replyBox";

export function ReplyItem({ reply, postSlug }: { reply: ReplyView; postSlug: string }) {
  const box = useReplyBox();
  const author = reply.author ? `@${reply.author.username}` : "Unknown";
  const body = useRef<HTMLDivElement>(null);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      className="reply-item"
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
      <div ref={body} style={{ marginTop: "var(--mantine-spacing-sm)" }}>
        <FormattedText text={reply.content} />
      </div>
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
          <QuoteButton
            author={reply.author?.username ?? null}
            source={reply.content}
            content={body}
            replyId={reply.id}
          />
          <ReportButton target={{ replyId: reply.id }} authorId={reply.authorId} subject={`reply by ${author}`} />
        </Group>
      </Group>
    </Paper>
  );
}
