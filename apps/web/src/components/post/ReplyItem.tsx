// One reply: author and time, the text as written (line breaks kept, @mentions linked), vote
// counts, actions. Its id (reply-{id}) is the anchor notifications link to.
import type { ReplyView } from "@forum/contracts";
import { Group, Paper, Text } from "@mantine/core";
import { relativeTime } from "../../lib/format";
import { AuthorByline } from "./AuthorByline";
import { MentionText } from "./MentionText";
import { ReplyActions } from "./ReplyActions";
import { VoteCounts } from "./VoteCounts";

export function ReplyItem({ reply, postSlug }: { reply: ReplyView; postSlug: string }) {
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
      <Text mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        <MentionText text={reply.content} />
      </Text>
      <Group mt="sm">
        <VoteCounts upvotes={reply.upvotes} downvotes={reply.downvotes} />
      </Group>
    </Paper>
  );
}
