// One reply: author and time, the text formatted (Markdown, @mentions linked), vote counts, Quote,
// actions. Its id (reply-{id}) is the anchor notifications link to.
import type { ReplyView } from "@forum/contracts";
import { Group, Paper } from "@mantine/core";
import { useRef } from "react";
import { relativeTime } from "../../lib/format";
import { FormattedText } from "../markdown/FormattedText";
import { AuthorByline } from "./AuthorByline";
import { QuoteButton } from "./QuoteButton";
import { ReplyActions } from "./ReplyActions";
import { VoteCounts } from "./VoteCounts";

export function ReplyItem({ reply, postSlug }: { reply: ReplyView; postSlug: string }) {
  const body = useRef<HTMLDivElement>(null);
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
          avatarSize="sm"
        />
        <ReplyActions reply={reply} postSlug={postSlug} />
      </Group>
      <div ref={body} style={{ marginTop: "var(--mantine-spacing-sm)" }}>
        <FormattedText text={reply.content} />
      </div>
      <Group mt="sm" gap="sm">
        <VoteCounts upvotes={reply.upvotes} downvotes={reply.downvotes} />
        <QuoteButton author={reply.author?.username ?? null} source={reply.content} content={body} replyId={reply.id} />
      </Group>
    </Paper>
  );
}
